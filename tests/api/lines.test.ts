/** Document lines: a document and its lines in one request, one transaction, errors per line, an audit row per line. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { defineResource } from "../../src/framework/resource.js";
import { diffTables } from "../../src/server/db/ddl.js";
import { tableModels } from "../../src/server/db/tables.js";
import { useApp } from "./harness.js";
import { untyped } from "../../src/server/db/connect.js";

// a throwaway document with lines: a schema and a declaration each, nothing else
const kits = defineResource({
  name: "kits",
  schema: { type: "object", additionalProperties: false, required: ["label"], properties: { label: { type: "string", minLength: 1 } } } as const,
  title: "label",
  routes: { list: "/kits", show: "/kits/:kitID" },
  permissions: { list: ["listVendors"], show: ["readVendors"], create: ["addVendors"], edit: ["editVendors"], delete: ["deleteVendors"] },
  columns: [{ field: "label", link: "show" }],
  defaultSort: { field: "label", order: "asc" },
  relations: { kit_parts: { kind: "hasMany", resource: "kit_parts", foreignKey: "kit_id", fields: ["id", "name", "count"] } },
  lines: [{ relation: "kit_parts", fields: ["name", "count", "vendor_id"], position: "position" }],
});
const kitParts = defineResource({
  name: "kit_parts",
  schema: {
    type: "object", additionalProperties: false, required: ["kit_id", "name", "count"],
    properties: {
      kit_id: { type: "integer", "x-references": "kits" },
      position: { type: "integer", minimum: 1 },
      name: { type: "string", minLength: 1 },
      count: { type: "integer", minimum: 1 },
      vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    },
  } as const,
  title: "name",
  routes: {},
  permissions: { list: ["listVendors"], show: ["readVendors"] },
  columns: [{ field: "name" }],
  defaultSort: { field: "position", order: "asc" },
  indexes: ["kit_id"],
});

const h = useApp({
  resources: [...resources, kits, kitParts],
  async prepare(database) {
    await sql.raw(diffTables(tableModels(resources), tableModels([...resources, kits, kitParts])).join("\n")).execute(database.db);
  },
});

type Line = Record<string, unknown>;
const count = async (table: string) => Number((await untyped(h.database.db).selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
const lastActivity = async () => Number((await h.database.db.selectFrom("activities").select(sql<number>`coalesce(max(id), 0)`.as("n")).executeTakeFirstOrThrow()).n);
const auditSince = async (since: number, itemType: string) =>
  (await h.database.db.selectFrom("activities").select(["event", "item_id"]).where("id", ">", since).where("item_type", "=", itemType).orderBy("id").execute())
    .map((a) => `${String(a.event)} ${String(a.item_id)}`);

async function newOrder(headers: Record<string, string>, lines: Line[], number = `PO-L-${Math.random().toString(36).slice(2, 8)}`) {
  const vendor = (await h.app.inject({ url: "/api/vendors?_end=1", headers })).json().data[0];
  return h.app.inject({ method: "POST", url: "/api/purchase_orders", headers, payload: { number, vendor_id: vendor.id, date: "2026-11-02", currency_code: "USD", po_items: lines } });
}

describe("purchase-order lines", () => {
  it("creates an order with its lines in one request; the amount is the lines' quantity × price", async () => {
    const admin = await h.login("admin@acme.test");
    const since = await lastActivity();
    const created = await newOrder(admin, [
      { description: "Paper", quantity: "10", unit_price: "2.50" },
      { description: "Toner", quantity: 2, unit_price: "80.00" },
      { description: "Pens", quantity: "3", unit_price: "1.99" },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;
    expect(order.amount).toBe("190.97");
    expect(order.open_balance).toBe("190.97");
    expect(order.po_items.map((l: Line) => [l.line, l.description, l.amount])).toEqual([[1, "Paper", "25.00"], [2, "Toner", "160.00"], [3, "Pens", "5.97"]]);
    // GET answers with the lines in the same shape
    const read = (await h.app.inject({ url: `/api/purchase_orders/${order.id}`, headers: admin })).json().data;
    expect(read.po_items).toEqual(order.po_items);
    expect(await auditSince(since, "po_items")).toEqual(order.po_items.map((l: Line) => `create ${String(l.id)}`));
  });

  it("on edit changes the lines sent with an id, adds those without, removes the ones left out", async () => {
    const admin = await h.login("admin@acme.test");
    const order = (await newOrder(admin, [
      { description: "A", quantity: "1", unit_price: "10" },
      { description: "B", quantity: "1", unit_price: "20" },
      { description: "C", quantity: "1", unit_price: "30" },
    ])).json().data;
    const [a, b, c] = order.po_items as Line[];
    const since = await lastActivity();
    // the lines come back as read (computed and server fields included): only what differs is a change
    const edited = await h.app.inject({
      method: "PATCH", url: `/api/purchase_orders/${order.id}`, headers: admin,
      payload: { ...order, po_items: [{ ...a, quantity: "4" }, c, { description: "D", quantity: "2", unit_price: "5" }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const saved = edited.json().data;
    expect(saved.amount).toBe("80.00");
    expect(saved.po_items.map((l: Line) => [l.line, l.description, Number(l.quantity), l.amount])).toEqual([[1, "A", 4, "40.00"], [3, "C", 1, "30.00"], [4, "D", 2, "10.00"]]);
    const d = saved.po_items[2] as Line;
    expect(await h.database.db.selectFrom("po_items").select("id").where("id", "=", b.id as number).executeTakeFirst()).toBeUndefined();
    expect(await auditSince(since, "po_items")).toEqual([`destroy ${String(b.id)}`, `update ${String(a.id)}`, `create ${String(d.id)}`]);
    // the order's amount change is audited on the order
    expect(await auditSince(since, "purchase_orders")).toEqual([`update ${String(order.id)}`]);
    // a collection not sent is left as it is
    const untouched = await h.app.inject({ method: "PATCH", url: `/api/purchase_orders/${order.id}`, headers: admin, payload: { description: "no lines sent" } });
    expect(untouched.json().data.po_items).toHaveLength(3);
  });

  it("refuses a bad line with its place and field, and writes nothing", async () => {
    const admin = await h.login("admin@acme.test");
    const before = { orders: await count("purchase_orders"), items: await count("po_items"), activities: await count("activities") };
    const bad = await newOrder(admin, [
      { description: "fine", quantity: "1", unit_price: "1" },
      { description: "fine too", quantity: "1", unit_price: "1" },
      { description: "broken", quantity: "lots", unit_price: "-1" },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ "po_items.2.quantity": ["Please enter a number."], "po_items.2.unit_price": ["must be zero or more"] });
    expect({ orders: await count("purchase_orders"), items: await count("po_items"), activities: await count("activities") }).toEqual(before);

    const order = (await newOrder(admin, [{ description: "A", quantity: "1", unit_price: "10" }])).json().data;
    const kept = { items: await count("po_items"), activities: await count("activities") };
    // a hook's refusal (a negative price) rolls back the lines already written in the request
    const refused = await h.app.inject({
      method: "PATCH", url: `/api/purchase_orders/${order.id}`, headers: admin,
      payload: { po_items: [{ description: "new", quantity: "1", unit_price: "1" }, { description: "negative", quantity: "1", unit_price: "-3" }] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ "po_items.1.unit_price": ["must be zero or more"] });
    expect({ items: await count("po_items"), activities: await count("activities") }).toEqual(kept);
    expect((await h.app.inject({ url: `/api/purchase_orders/${order.id}`, headers: admin })).json().data).toMatchObject({ amount: "10.00", po_items: [{ description: "A" }] });
    // server-owned line fields are refused as on the line's own API
    const owned = await h.app.inject({ method: "PATCH", url: `/api/purchase_orders/${order.id}`, headers: admin, payload: { po_items: [{ description: "x", quantity: "1", unit_price: "1", qty_received: "1" }] } });
    expect(owned.json().errors).toEqual({ "po_items.0.qty_received": ["is set by the server and cannot be written"] });
    const notList = await h.app.inject({ method: "PATCH", url: `/api/purchase_orders/${order.id}`, headers: admin, payload: { po_items: { description: "x" } } });
    expect(notList.json().errors).toEqual({ po_items: ["must be a list of lines"] });
  });

  it("never moves a line from another document or company", async () => {
    const admin = await h.login("admin@acme.test");
    const mine = (await newOrder(admin, [{ description: "mine", quantity: "1", unit_price: "1" }])).json().data;
    const other = (await newOrder(admin, [{ description: "other", quantity: "1", unit_price: "7" }])).json().data;
    const globex = await h.login("admin@globex.test");
    const foreign = (await newOrder(globex, [{ description: "globex", quantity: "1", unit_price: "9" }])).json().data;
    for (const stranger of [other.po_items[0], foreign.po_items[0]]) {
      const moved = await h.app.inject({ method: "PATCH", url: `/api/purchase_orders/${mine.id}`, headers: admin, payload: { po_items: [{ ...mine.po_items[0] }, { ...stranger, quantity: "5" }] } });
      expect(moved.statusCode).toBe(422);
      expect(moved.json().errors).toEqual({ "po_items.1.id": ["is not a line of this document"] });
    }
    const reparented = await h.app.inject({ method: "PATCH", url: `/api/purchase_orders/${mine.id}`, headers: admin, payload: { po_items: [{ ...mine.po_items[0], purchase_order_id: other.id }] } });
    expect(reparented.json().errors).toEqual({ "po_items.0.purchase_order_id": ["is set by the server: a line belongs to its document"] });
    const lines = await h.database.db.selectFrom("po_items").select(["purchase_order_id", "quantity"]).where("id", "in", [other.po_items[0].id, foreign.po_items[0].id]).orderBy("id").execute();
    expect(lines.map((l) => [l.purchase_order_id, Number(l.quantity)])).toEqual([[other.id, 1], [foreign.id, 1]]);
    // a line id on a new document is refused too
    const copied = await newOrder(admin, [{ ...mine.po_items[0] }]);
    expect(copied.json().errors).toEqual({ "po_items.0.id": ["is not a line of this document"] });
  });

  it("lists the lines in the OpenAPI request schema", async () => {
    const doc = (await h.app.inject({ url: "/api/openapi.json" })).json();
    const lines = doc.components.schemas.purchase_orders_update.properties.po_items;
    expect(lines.type).toBe("array");
    expect(Object.keys(lines.items.properties)).toEqual(expect.arrayContaining(["id", "description", "quantity", "unit_price"]));
    expect(Object.keys(lines.items.properties)).not.toContain("purchase_order_id");
  });
});

describe("lines of other documents", () => {
  it("receives purchase-order lines on a receipt: quantities received follow its items, added and removed", async () => {
    const admin = await h.login("admin@acme.test");
    const order = (await newOrder(admin, [{ description: "Chairs", quantity: "10", unit_price: "50" }, { description: "Desks", quantity: "2", unit_price: "300" }])).json().data;
    await h.database.db.updateTable("purchase_orders").set({ status: "APPROVED" }).where("id", "=", order.id).execute();
    const [chairs, desks] = order.po_items as Line[];
    const received = async () => (await h.database.db.selectFrom("po_items").select(["id", "qty_received"]).where("purchase_order_id", "=", order.id).orderBy("id").execute()).map((l) => Number(l.qty_received));
    const over = await h.app.inject({ method: "POST", url: "/api/receipts", headers: admin, payload: { purchase_order_id: order.id, received_date: "2026-11-20", receipt_items: [{ po_item_id: chairs.id, quantity: "4" }, { po_item_id: desks.id, quantity: "3" }] } });
    expect(over.json().errors).toEqual({ "receipt_items.1.quantity": ["cannot exceed the line's open quantity of 2"] });
    expect(await received()).toEqual([0, 0]);
    const created = await h.app.inject({ method: "POST", url: "/api/receipts", headers: admin, payload: { purchase_order_id: order.id, received_date: "2026-11-20", receipt_items: [{ po_item_id: chairs.id, quantity: "4" }, { po_item_id: desks.id, quantity: "2" }] } });
    expect(created.statusCode, created.body).toBe(201);
    expect(await received()).toEqual([4, 2]);
    const receipt = created.json().data;
    const edited = await h.app.inject({ method: "PATCH", url: `/api/receipts/${receipt.id}`, headers: admin, payload: { receipt_items: [{ ...receipt.receipt_items[0], quantity: "6" }] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await received()).toEqual([6, 0]);
  });

  it("keeps a team's members as its lines", async () => {
    const admin = await h.login("admin@acme.test");
    const contacts = (await h.app.inject({ url: "/api/contacts?_end=2", headers: admin })).json().data as Line[];
    const team = (await h.app.inject({ method: "POST", url: "/api/teams", headers: admin, payload: { name: `Lines team ${Date.now()}`, team_members: contacts.map((c) => ({ contact_id: c.id })) } })).json().data;
    expect(team.team_members.map((m: Line) => m.contact_id)).toEqual(contacts.map((c) => c.id));
    const edited = await h.app.inject({ method: "PATCH", url: `/api/teams/${team.id}`, headers: admin, payload: { team_members: [team.team_members[1]] } });
    expect(edited.json().data.team_members.map((m: Line) => m.contact_id)).toEqual([contacts[1].id]);
  });
});

describe("a document with lines declared in a test", () => {
  it("gets lines written, changed and removed with nothing beyond its declaration", async () => {
    const admin = await h.login("admin@acme.test");
    const vendor = (await h.app.inject({ url: "/api/vendors?_end=1", headers: admin })).json().data[0];
    const created = await h.app.inject({ method: "POST", url: "/api/kits", headers: admin, payload: { label: "Starter", kit_parts: [{ name: "bolt", count: 4, vendor_id: vendor.id }, { name: "nut", count: 4 }] } });
    expect(created.statusCode, created.body).toBe(201);
    const kit = created.json().data;
    expect(kit.kit_parts.map((p: Line) => [p.position, p.name, p.count])).toEqual([[1, "bolt", 4], [2, "nut", 4]]);
    const since = await lastActivity();
    const edited = await h.app.inject({ method: "PATCH", url: `/api/kits/${kit.id}`, headers: admin, payload: { kit_parts: [{ ...kit.kit_parts[1], count: 8 }, { name: "washer", count: 0 }] } });
    expect(edited.json().errors).toEqual({ "kit_parts.1.count": ["must be at least 1"] });
    const unknownVendor = await h.app.inject({ method: "PATCH", url: `/api/kits/${kit.id}`, headers: admin, payload: { kit_parts: [{ name: "washer", count: 1, vendor_id: 999999 }] } });
    expect(unknownVendor.json().errors).toEqual({ "kit_parts.0.vendor_id": ["does not exist"] });
    const saved = await h.app.inject({ method: "PATCH", url: `/api/kits/${kit.id}`, headers: admin, payload: { kit_parts: [{ ...kit.kit_parts[1], count: 8 }, { name: "washer", count: 2 }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const parts = saved.json().data.kit_parts as Line[];
    expect(parts.map((p) => [p.position, p.name, p.count])).toEqual([[2, "nut", 8], [3, "washer", 2]]);
    expect(await auditSince(since, "kit_parts")).toEqual([`destroy ${String(kit.kit_parts[0].id)}`, `update ${String(parts[0].id)}`, `create ${String(parts[1].id)}`]);
    // another company's reader sees no kit, and its lines cannot be reached through another kit
    const globex = await h.login("admin@globex.test");
    expect((await h.app.inject({ url: `/api/kits/${kit.id}`, headers: globex })).statusCode).toBe(404);
  });
});
