/**
 * Product spec 2.15 in the browser: for every guarded route group present in the manifest, a demo
 * user holding none of the group's keys gets 'Not Authorized' (one assertion per group). The users'
 * keys are what the server says they hold (GET /api/users/current), checked with the client's own
 * rule. Groups whose routes are not declared yet, or that no demo user lacks, are reported as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { resources } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { manifestRoutes, routeShape } from "../../src/framework/manifest.js";
import { can, canOpen, type Principal } from "../../src/framework/permissions.js";
import { demoLogins } from "../../src/server/seed/demo.js";
import { apiAs, urlFor, type Api } from "./api.js";
import { login, navigate, newPage, useBrowser } from "./browser.js";
import { specGuards } from "./spec-guards.js";

const { browser } = useBrowser();
const routes = manifestRoutes(resources, pages);
/** staff users first: the least privileged make the clearest case */
const logins = ["staff", "rcv_manager", "po_manager", "manager", "ap_role", "admin_readonly", "vendor"]
  .map((role) => demoLogins.find((l) => l.role === role && l.company === "Acme Corp")!);
const principals = new Map<string, Principal>();
let admin: Api;

beforeAll(async () => {
  admin = await apiAs("admin@acme.test");
  for (const login of logins) principals.set(login.email, (await apiAs(login.email)).user);
});

/** The group's route in the manifest, and a demo user holding none of the spec's keys whom the route's guard refuses. */
function caseOf(group: (typeof specGuards)[number]) {
  const route = routes.find((r) => group.paths.some((p) => routeShape(p) === routeShape(r.path)));
  const user = route && logins.find((l) => !can(principals.get(l.email)!, group.keys) && !canOpen(principals.get(l.email)!, route));
  return { route, user };
}

const sessions = new Map<string, Page>();
afterAll(async () => {
  for (const page of sessions.values()) await page.context().close();
});

async function sessionOf(email: string): Promise<Page> {
  let page = sessions.get(email);
  if (!page) {
    page = await newPage(browser());
    await login(page, email, "/user_profile");
    sessions.set(email, page);
  }
  return page;
}

describe("route guards of product spec 2.15", () => {
  for (const group of specGuards) {
    const declared = routes.some((r) => group.paths.some((p) => routeShape(p) === routeShape(r.path)));
    it(`${group.group} (${group.keys.join(" | ")})`, async (test) => {
      expect(declared, "the group's routes are in the manifest").toBe(true);
      const { route, user } = caseOf(group);
      // the vendor-portal login lacks every staff route, so a user to refuse always exists
      if (!user) throw new Error(`no demo user lacks the keys of ${group.group}`);
      await test.annotate(`${user.role} on ${route!.path}`);
      const page = await sessionOf(user.email);
      await navigate(page, await urlFor(route!, admin));
      await expect.poll(() => page.locator(".ant-layout-content").innerText(), { timeout: 10_000, message: `${user.role} on ${route!.path}` })
        .toContain("Not Authorized: You are not authorized to view the requested resource.");
    });
  }
});
