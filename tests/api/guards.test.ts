/**
 * The server enforces every route's guard: for each resource route of the manifest, a demo user
 * without the route's keys gets 403 from the call the page makes (list: GET /api/{name}; show and
 * approval: GET /api/{name}/{id}; create and duplicate: POST; edit: PATCH). A user's keys are what
 * GET /api/users/current answers, checked with the client's rule (`canOpen`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { manifestRoutes } from "../../src/framework/manifest.js";
import { canOpen, type Principal } from "../../src/framework/permissions.js";
import type { PageKind } from "../../src/framework/resource.js";
import { demoLogins } from "../../src/server/seed/demo.js";
import { useApp } from "./harness.js";

const h = useApp();
const logins = ["staff", "rcv_manager", "po_manager", "manager", "ap_role", "admin_readonly", "vendor"]
  .map((role) => demoLogins.find((l) => l.role === role && l.company === "Acme Corp")!);

const calls: Record<PageKind, { method: "GET" | "POST" | "PATCH"; withId: boolean }> = {
  list: { method: "GET", withId: false },
  show: { method: "GET", withId: true },
  approval: { method: "GET", withId: true },
  create: { method: "POST", withId: false },
  duplicate: { method: "POST", withId: false },
  edit: { method: "PATCH", withId: true },
};

const routes = manifestRoutes(resources, pages).filter((route) => route.resource && route.kind in calls);

describe("the API refuses what a route's guard refuses", () => {
  const ids = new Map<string, number>();
  const sessions = new Map<string, Promise<Record<string, string>>>();
  const principals = new Map<string, Principal>();
  const headersOf = (email: string) => {
    if (!sessions.has(email)) sessions.set(email, h.login(email));
    return sessions.get(email)!;
  };

  beforeAll(async () => {
    for (const { email } of logins) {
      principals.set(email, (await h.app.inject({ url: "/api/users/current", headers: await headersOf(email) })).json().data);
    }
  });

  async function idOf(resource: string): Promise<number> {
    if (!ids.has(resource)) {
      const list = await h.app.inject({ url: `/api/${resource}?_end=1`, headers: await headersOf("admin@acme.test") });
      ids.set(resource, list.json().data?.[0]?.id ?? 1);
    }
    return ids.get(resource)!;
  }

  for (const route of routes) {
    const call = calls[route.kind as PageKind];
    it(`${route.path} (${route.kind}: ${route.permissions.join(" | ") || "none"})`, async () => {
      const user = logins.find((l) => !canOpen(principals.get(l.email)!, route));
      // the vendor-portal login lacks every staff route, so a user to refuse always exists
      if (!user) throw new Error(`no demo user lacks the keys of ${route.path}`);
      const url = `/api/${route.resource}${call.withId ? `/${await idOf(route.resource!)}` : ""}`;
      const response = await h.app.inject({ method: call.method, url, headers: await headersOf(user.email), payload: call.method === "GET" ? undefined : {} });
      expect(response.statusCode, `${call.method} ${url} as ${user.role}`).toBe(403);
    });
  }
});
