/**
 * Product spec 2.15 in the browser: for every guarded route group present in the manifest, a demo
 * user holding none of the group's keys gets 'Not Authorized' (one assertion per group). Groups
 * whose routes are not declared yet, or that no demo user lacks (module keys: every demo company has
 * every module on), are reported as skipped.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { resources } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { manifestRoutes, routeShape } from "../../src/framework/manifest.js";
import { canOpen } from "../../src/framework/permissions.js";
import { keysOfRole, moduleNames } from "../../src/framework/roles.js";
import { demoLogins } from "../../src/server/seed/demo.js";
import { apiAs, urlFor, type Api } from "./api.js";
import { login, navigate, newPage, useBrowser } from "./browser.js";
import { specGuards } from "./spec-guards.js";

const { browser } = useBrowser();
const routes = manifestRoutes(resources, pages);
const allModules = Object.fromEntries(moduleNames.map((m) => [m, true]));
/** staff users first: the least privileged make the clearest case */
const users = ["staff", "rcv_manager", "po_manager", "manager", "ap_role", "admin_readonly", "vendor"]
  .map((role) => demoLogins.find((l) => l.role === role && l.company === "Acme Corp")!)
  .map((l) => ({ ...l, principal: { perm_resources: keysOfRole(l.role), module_settings: allModules } }));

const cases = specGuards.map((group) => {
  const route = routes.find((r) => group.paths.some((p) => routeShape(p) === routeShape(r.path)));
  const user = route && users.find((u) => !group.keys.some((k) => u.principal.perm_resources.includes(k) || allModules[k]) && !canOpen(u.principal, route));
  return { ...group, route, user };
});

const sessions = new Map<string, Page>();
let admin: Api | undefined;
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
  for (const { group, keys, route, user } of cases) {
    const why = !route ? "not in the manifest yet" : !user ? "no demo user lacks these keys" : "";
    it.skipIf(Boolean(why))(`${group} (${keys.join(" | ")})${why ? `: ${why}` : `: ${user!.role} on ${route!.path}`}`, async () => {
      admin ??= await apiAs("admin@acme.test");
      const page = await sessionOf(user!.email);
      await navigate(page, await urlFor(route!, admin));
      await expect.poll(() => page.locator(".ant-layout-content").innerText(), { timeout: 10_000 })
        .toContain("Not Authorized: You are not authorized to view the requested resource.");
    });
  }
});
