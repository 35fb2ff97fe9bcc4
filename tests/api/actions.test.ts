/**
 * Declared actions: a throwaway resource declared here (schema, declaration, server module) gets
 * POST /api/{name}/{id}/{action} and its bulk variant from the framework — permission, `when` on the
 * locked row, input validated by its JSON Schema, handler and audit row in one transaction,
 * Idempotency-Key, OpenAPI — and the app's own routes hold no hand-registered record action.
 */
import Fastify from "fastify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { manifestActions } from "../../src/framework/manifest.js";
import { defineResource, portalActionPath, type ResourceDef } from "../../src/framework/resource.js";
import { diffTables } from "../../src/server/db/ddl.js";
import { tableModels } from "../../src/server/db/tables.js";
import { serverModules } from "../../src/server/domain/modules.js";
import { domainSetup } from "../../src/server/domain/setup.js";
import { conflict } from "../../src/server/errors.js";
import { defineServerModule, installModules } from "../../src/server/resources/modules.js";
import { resourceRoutes } from "../../src/server/resources/routes.js";
import { useApp } from "./harness.js";
import { untyped } from "../../src/server/db/connect.js";

const widgetSchema = {
  type: "object",
  additionalProperties: false,
  required: ["label"],
  properties: {
    label: { type: "string", minLength: 2 },
    stock: { type: "integer", default: 0 },
    status: { type: "string", enum: ["ACTIVE", "RETIRED"], default: "ACTIVE" },
  },
} as const;

const widgets = defineResource({
  name: "widgets",
  schema: widgetSchema,
  title: "label",
  routes: { list: "/widgets", show: "/widgets/:widgetID" },
  permissions: { list: ["listVendors"], show: ["readVendors"], create: ["addVendors"], edit: ["editVendors"] },
  statuses: { field: "status", values: [{ code: "ACTIVE", color: "green" }, { code: "RETIRED", color: "default" }] },
  columns: [{ field: "label", link: "show" }, { field: "stock", kind: "number" }, { field: "status", kind: "status" }],
  defaultSort: { field: "label", order: "asc" },
  recordActions: [
    {
      name: "restock", kind: "post", label: "actions.edit", permission: ["editVendors"], when: { status: "ACTIVE" }, idempotent: true, bulk: true,
      input: { type: "object", additionalProperties: false, required: ["quantity"], properties: { quantity: { type: "integer", minimum: 1, maximum: 1000 }, note: { type: "string", maxLength: 20 } } },
    },
  ],
});

/** The server side of widgets: restock adds the quantity, refusing a stock above 1,500 (a handler's own refusal). */
const widgetModule = defineServerModule(widgets, {
  actions: {
    async restock({ row, input, ctx }) {
      const stock = (row.stock as number) + (input.quantity as number);
      if (stock > 1500) throw conflict(`Widget ${String(row.label)} cannot hold more than 1500.`);
      await untyped(ctx.db).updateTable("widgets").set({ stock }).where("id", "=", row.id as number).execute();
    },
  },
});

const h = useApp({
  resources: [...resources, widgets],
  modules: [...serverModules, widgetModule],
  async prepare(database) {
    await sql.raw(diffTables(tableModels(resources), tableModels([...resources, widgets])).join("\n")).execute(database.db);
  },
});

async function widget(label: string, status = "ACTIVE") {
  const admin = await h.login("admin@acme.test");
  const created = (await h.app.inject({ method: "POST", url: "/api/widgets", headers: admin, payload: { label } })).json().data;
  if (status !== "ACTIVE") await untyped(h.database.db).updateTable("widgets").set({ status }).where("id", "=", created.id).execute();
  return created.id as number;
}

const stockOf = async (id: number) => (await untyped(h.database.db).selectFrom("widgets").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

describe("a declared action of a resource declared in a test", () => {
  it("runs the handler with an audit row, answering the record", async () => {
    const id = await widget("Gear");
    const admin = await h.login("admin@acme.test");
    const done = await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers: admin, payload: { quantity: 5, note: "weekly" } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ id, stock: 5, status: "ACTIVE" });
    const audit = await h.database.db.selectFrom("activities").select(["event", "changes"]).where("item_type", "=", "widgets").where("item_id", "=", id).where("event", "=", "update").execute();
    expect(audit.map((a) => a.changes)).toEqual([{ action: "restock", input: { quantity: 5, note: "weekly" } }]);
  });

  it("validates the input against its schema: 422 per field, nothing written", async () => {
    const id = await widget("Cog");
    const admin = await h.login("admin@acme.test");
    const bad = await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers: admin, payload: { quantity: 0, note: "x".repeat(21), colour: "red" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ quantity: ["must be at least 1"], note: ["is too long (at most 20 characters)"], colour: ["is not a known field"] });
    const missing = await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers: admin, payload: {} });
    expect(missing.json().errors).toEqual({ quantity: ["can't be blank"] });
    expect(await stockOf(id)).toBe(0);
  });

  it("refuses who lacks the action's keys (403), a row failing `when` (409) or the handler (409), and another company's row (404)", async () => {
    const id = await widget("Sprocket");
    const retired = await widget("Old sprocket", "RETIRED");
    const staff = await h.login("staff@acme.test");
    expect((await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers: staff, payload: { quantity: 1 } })).statusCode).toBe(403);
    const admin = await h.login("admin@acme.test");
    const refused = await h.app.inject({ method: "POST", url: `/api/widgets/${retired}/restock`, headers: admin, payload: { quantity: 1 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.base).toEqual(["widgets Old sprocket cannot restock in status RETIRED."]);
    await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers: admin, payload: { quantity: 1000 } });
    const tooMany = await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers: admin, payload: { quantity: 1000 } });
    expect(tooMany.statusCode).toBe(409);
    expect(await stockOf(id)).toBe(1000);
    // the refused run left no audit row: the audit is in the handler's transaction
    const audits = await h.database.db.selectFrom("activities").select("id").where("item_type", "=", "widgets").where("item_id", "=", id).where("event", "=", "update").execute();
    expect(audits).toHaveLength(1);
    const globex = await h.login("admin@globex.test");
    expect((await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers: globex, payload: { quantity: 1 } })).statusCode).toBe(404);
  });

  it("honours Idempotency-Key: a replay answers the first response without running again", async () => {
    const id = await widget("Bolt");
    const headers = { ...(await h.login("admin@acme.test")), "idempotency-key": "restock-bolt-1" };
    const first = await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers, payload: { quantity: 7 } });
    const replay = await h.app.inject({ method: "POST", url: `/api/widgets/${id}/restock`, headers, payload: { quantity: 7 } });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());
    expect(await stockOf(id)).toBe(7);
  });

  it("runs in bulk: each row in its own transaction, an outcome per row", async () => {
    const ok = await widget("Nut");
    const retired = await widget("Old nut", "RETIRED");
    const admin = await h.login("admin@acme.test");
    const response = await h.app.inject({ method: "POST", url: "/api/widgets/bulk/restock", headers: admin, payload: { ids: [ok, retired, 999_999_999], quantity: 3 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { id: ok, status: 200 },
      { id: retired, status: 409, message: "widgets Old nut cannot restock in status RETIRED." },
      { id: 999_999_999, status: 404, message: "Record not found." },
    ]);
    expect(await stockOf(ok)).toBe(3);
    expect(await stockOf(retired)).toBe(0);
    expect((await h.app.inject({ method: "POST", url: "/api/widgets/bulk/restock", headers: admin, payload: { ids: [ok], quantity: "many" } })).json().errors).toEqual({ quantity: ["must be a number"] });
    expect((await h.app.inject({ method: "POST", url: "/api/widgets/bulk/restock", headers: admin, payload: { ids: [], quantity: 1 } })).statusCode).toBe(422);
    expect((await h.app.inject({ method: "POST", url: "/api/widgets/bulk/restock", headers: await h.login("staff@acme.test"), payload: { ids: [ok], quantity: 1 } })).statusCode).toBe(403);
  });

  it("is in the OpenAPI document with its input schema, and in the manifest with its keys and condition", async () => {
    const doc = (await h.app.inject({ url: "/api/openapi.json" })).json();
    const post = doc.paths["/api/widgets/{id}/restock"].post;
    expect(post.summary).toBe("restock (editVendors)");
    expect(post.requestBody.content["application/json"].schema).toMatchObject({ required: ["quantity"], properties: { quantity: { type: "integer", minimum: 1 } } });
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain("Idempotency-Key");
    expect(doc.paths["/api/widgets/bulk/restock"].post.requestBody.content["application/json"].schema.properties.ids).toBeDefined();
    expect(manifestActions([widgets])).toEqual([{
      resource: "widgets", name: "restock", kind: "post", method: "POST", path: "/api/widgets/:id/restock",
      permissions: ["editVendors"], when: [{ status: "ACTIVE" }], bulk: true, idempotent: true,
    }]);
  });
});

describe("server modules and routes are checked at boot", () => {
  const retired = { ...widgets, name: "retired_widgets", recordActions: [...widgets.recordActions, { name: "polish", kind: "post" as const, label: "actions.edit", permission: [] }] };

  it("refuses a module for an unknown resource, two modules for one, an action without handler and a handler without action", () => {
    const setup = (list: typeof serverModules) => domainSetup([...resources, widgets], list);
    expect(() => installModules(resources, domainSetup(resources, [...serverModules, widgetModule]))).toThrow('Server module for unknown resource "widgets"');
    expect(() => installModules([...resources, widgets], setup([...serverModules, widgetModule, widgetModule]))).toThrow('Two server modules for resource "widgets"');
    expect(() => installModules([...resources, widgets], setup(serverModules))).toThrow('Action "restock" of resource "widgets" has no handler in a server module');
    const extra = { ...widgetModule, actions: { ...widgetModule.actions, polish: () => undefined } };
    expect(() => installModules([...resources, widgets], setup([...serverModules, extra]))).toThrow('Server module of "widgets" has a handler "polish" for no declared action');
    // a view of another resource's table without a module shares that resource's module: its actions need handlers there
    const view = { ...retired, table: "widgets" };
    expect(() => installModules([...resources, widgets, view], domainSetup([...resources, widgets, view], [...serverModules, widgetModule]))).toThrow('Action "polish" of resource "retired_widgets" has no handler');
  });

  it("refuses a hand-written route that would shadow a generic or declared one", async () => {
    const app = Fastify();
    app.post("/api/widgets/:id/restock", async () => ({}));
    expect(() => resourceRoutes(app, [widgets])).toThrow("A hand-written route POST /api/widgets/:id/restock shadows a generic or declared one");
    await app.close();
  });

  it("the app registers no record-action route by hand: every /api route is generic, declared, or a listed non-record endpoint", () => {
    const handRoutes = new Set([
      "GET /api/users/current", "POST /api/users/switch_company/:company_id",
      "POST /api/users/password", "GET /api/users/set_password/:token", "POST /api/users/set_password", "POST /api/users/unlock",
      "GET /api/users/signup", "POST /api/users/signup", "GET /api/users/confirmation",
      "GET /api/sso/start", "POST /api/sso/callback", "POST /api/sso/saml/acs", "GET /api/sso/saml/metadata/:id",
      "POST /api/payment_runs", "POST /api/payment_runs/preview", "POST /api/nacha_payments/returns", "POST /api/nacha_payments/returns/preview", "GET /api/positive_pay", "POST /api/positive_pay/deliver",
      "POST /api/documents/upload", "POST /api/invoice_captures/upload", "POST /api/documents/zip", "GET /api/documents/:id/file", "GET /api/documents/:id/preview",
      "GET /api/payment_methods/validate_iban", "GET /api/payment_methods/required_fields",
      "GET /api/punchout/suppliers", "GET /api/punchout/generate_url", "POST /api/punchout/order_message", "GET /api/punchout/sessions/:id",
      "GET /api/openapi.json", "HEAD /api/openapi.json",
      "GET /api/public/links/:purpose/:token", "HEAD /api/public/links/:purpose/:token",
      "GET /api/private/:token", "HEAD /api/private/:token", "POST /api/private/:token", "GET /api/private/:token/accruals", "HEAD /api/private/:token/accruals", "POST /api/private/:token/accruals",
    ].flatMap((route) => (route.startsWith("GET ") ? [route, route.replace("GET", "HEAD")] : [route])));
    const generic = new Set<string>();
    for (const r of [...resources, widgets] as ResourceDef[]) {
      for (const path of [`/api/${r.name}`, `/api/${r.name}/stats`, `/api/${r.name}/export`, `/api/${r.name}/options`, `/api/${r.name}/:id`]) generic.add(`GET ${path}`).add(`HEAD ${path}`);
      generic.add(`POST /api/${r.name}`).add(`PATCH /api/${r.name}/:id`).add(`DELETE /api/${r.name}/:id`);
      // the vendor portal's namespace (docs/portal.md): list and show as the declaration offers them
      if (r.portal?.actions.includes("list")) generic.add(`GET /api/portal/${r.name}`).add(`HEAD /api/portal/${r.name}`);
      if (r.portal?.actions.includes("show")) generic.add(`GET /api/portal/${r.name}/:id`).add(`HEAD /api/portal/${r.name}/:id`);
      for (const action of r.portal?.recordActions ?? []) generic.add(`POST ${portalActionPath(r.name, action)}`);
    }
    for (const action of manifestActions([...resources, widgets])) {
      generic.add(`${action.method} ${action.path}`);
      if (action.method === "GET") generic.add(`HEAD ${action.path}`);
      if (action.bulk) generic.add(`POST /api/${action.resource}/bulk/${action.name}`);
    }
    const routes = routeList(h.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.split(" ")[1].startsWith("/api/") && !route.split(" ")[1].startsWith("/api/docs"));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !generic.has(route) && !handRoutes.has(route))).toEqual([]);
  });
});

/** "METHOD /path" of every route in Fastify's printRoutes tree (each line a path segment under its parent's). */
function routeList(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line.replace(/\u00a0/g, " "));
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join("").replace(/\/{2,}/g, "/");
    if (match[3]) for (const method of match[3].split(", ")) routes.push(`${method} ${path.startsWith("/") ? path : `/${path}`}`);
  }
  return routes;
}
