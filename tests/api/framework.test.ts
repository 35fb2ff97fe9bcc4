/** Adding an entity is a schema and a declaration: a throwaway resource gets the whole generated API. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { defineResource } from "../../src/framework/resource.js";
import { diffTables } from "../../src/server/db/ddl.js";
import { tableModels } from "../../src/server/db/tables.js";
import { useApp } from "./harness.js";

const gadgetSchema = {
  type: "object",
  additionalProperties: false,
  required: ["label", "price"],
  properties: {
    label: { type: "string", minLength: 2 },
    price: { type: "string", format: "money" },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    status: { type: "string", enum: ["ACTIVE", "RETIRED"], default: "ACTIVE" },
  },
} as const;

const gadgets = defineResource({
  name: "gadgets",
  schema: gadgetSchema,
  title: "label",
  routes: { list: "/gadgets", show: "/gadgets/:gadgetID" },
  permissions: { list: ["listVendors"], show: ["readVendors"], create: ["addVendors"], edit: ["editVendors"], delete: ["deleteVendors"] },
  statuses: { field: "status", values: [{ code: "ACTIVE", color: "green" }, { code: "RETIRED", color: "default" }], composites: { ANY: ["ACTIVE", "RETIRED"] } },
  columns: [{ field: "label", link: "show" }, { field: "price", kind: "money" }, { field: "status", kind: "status" }],
  defaultSort: { field: "label", order: "asc" },
  search: ["label"],
  relations: { vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] } },
  rowActions: [{ action: "delete", permission: ["deleteVendors"], when: { status: "RETIRED" } }],
  recordActions: [{ name: "retire", kind: "post", label: "actions.delete", permission: ["editVendors"], when: { status: "ACTIVE" }, to: "RETIRED" }],
});

const h = useApp({
  resources: [...resources, gadgets],
  async prepare(database) {
    const statements = diffTables(tableModels(resources), tableModels([...resources, gadgets]));
    await sql.raw(statements.join("\n")).execute(database.db);
  },
});

describe("a resource declared in a test", () => {
  it("gets create, validation, list, show, update and guarded delete", async () => {
    const admin = await h.login("admin@acme.test");
    const vendor = (await h.app.inject({ url: "/api/vendors?_end=1", headers: admin })).json().data[0];

    const invalid = await h.app.inject({ method: "POST", url: "/api/gadgets", headers: admin, payload: { label: "x", price: "1.234" } });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(["label", "price"]);

    const created = await h.app.inject({ method: "POST", url: "/api/gadgets", headers: admin, payload: { label: "Sprocket", price: 12.5, vendor_id: vendor.id } });
    expect(created.statusCode).toBe(201);
    const gadget = created.json().data;
    expect(gadget).toMatchObject({ label: "Sprocket", price: "12.50", status: "ACTIVE", vendor: { id: vendor.id, name: vendor.name } });

    const listed = await h.app.inject({ url: "/api/gadgets?status=ANY&q=sprock", headers: admin });
    expect(listed.json()).toMatchObject({ meta: { total: 1 }, data: [{ id: gadget.id }] });

    expect((await h.app.inject({ method: "DELETE", url: `/api/gadgets/${gadget.id}`, headers: admin })).statusCode).toBe(422);
    // the status is server-owned: never written by a create or an edit, only by the declared transition
    const forged = await h.app.inject({ method: "POST", url: "/api/gadgets", headers: admin, payload: { label: "Forged", price: "1", status: "RETIRED" } });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual({ status: ["is set by the server and cannot be written"] });
    const edited = await h.app.inject({ method: "PATCH", url: `/api/gadgets/${gadget.id}`, headers: admin, payload: { status: "RETIRED" } });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors).toEqual({ status: ["is set by the server and cannot be written"] });
    // a record echoed back as read (status unchanged, relations, ids) is an edit of its writable fields
    const echoed = await h.app.inject({ method: "PATCH", url: `/api/gadgets/${gadget.id}`, headers: admin, payload: { ...gadget, label: "Sprocket 2" } });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json().data).toMatchObject({ label: "Sprocket 2", status: "ACTIVE" });
    const retired = await h.app.inject({ method: "POST", url: `/api/gadgets/${gadget.id}/retire`, headers: admin });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data.status).toBe("RETIRED");
    const again = await h.app.inject({ method: "POST", url: `/api/gadgets/${gadget.id}/retire`, headers: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.base[0]).toBe("gadgets Sprocket 2 cannot retire in status RETIRED.");
    const staff = await h.login("staff@acme.test");
    expect((await h.app.inject({ method: "POST", url: `/api/gadgets/${gadget.id}/retire`, headers: staff })).statusCode).toBe(403);
    const events = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "gadgets").where("item_id", "=", gadget.id).where("event", "=", "update").orderBy("id").execute();
    expect(events.map((e) => (e.changes as Record<string, unknown>).status).filter(Boolean)).toEqual([["ACTIVE", "RETIRED"]]);
    expect((await h.app.inject({ method: "DELETE", url: `/api/gadgets/${gadget.id}`, headers: admin })).statusCode).toBe(200);
  });

  it("is scoped to the company and guarded by its permission keys", async () => {
    const acme = await h.login("admin@acme.test");
    await h.app.inject({ method: "POST", url: "/api/gadgets", headers: acme, payload: { label: "Acme only", price: "1" } });
    const globex = await h.login("admin@globex.test");
    expect((await h.app.inject({ url: "/api/gadgets", headers: globex })).json().meta.total).toBe(0);
    expect((await h.app.inject({ url: "/api/gadgets", headers: await h.login("staff@acme.test") })).statusCode).toBe(403);
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await h.app.inject({ url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/gadgets"].post).toBeDefined();
    expect(doc.components.schemas.gadgets_create.required).toEqual(["label", "price"]);
    // the status is not part of what a client writes; its transition is a path of its own
    expect(Object.keys(doc.components.schemas.gadgets_create.properties)).not.toContain("status");
    expect(Object.keys(doc.components.schemas.gadgets_update.properties)).not.toContain("status");
    expect(doc.paths["/api/gadgets/{id}/retire"].post.summary).toBe("retire: status → RETIRED (editVendors)");
  });
});
