/**
 * Embedded relations (src/server/resources/relations.ts): read in the record's own statement, confined
 * like the related resource's list, and a related list only for a reader who may list its resource.
 */
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

type Json = Record<string, unknown>;

async function show(path: string, email = "admin@acme.test"): Promise<Json> {
  const response = await h.app.inject({ url: path, headers: await h.login(email) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Json;
}

/** An Acme invoice with an activity (the seeded audit log), so that its related lists are not empty. */
async function auditedInvoice(): Promise<number> {
  const row = await h.database.db.selectFrom("activities as a").innerJoin("invoices as i", "i.id", "a.item_id")
    .innerJoin("companies as c", "c.id", "i.company_id").select("i.id").where("a.item_type", "=", "invoices")
    .where("c.name", "=", "Acme Corp").orderBy("i.id").executeTakeFirstOrThrow();
  return row.id as number;
}

describe("related lists respect the reader", () => {
  it("embeds activities for a reader who may list them, and leaves them out for one who may not; documents go with the record", async () => {
    const id = await auditedInvoice();
    const admin = await show(`/api/invoices/${id}`);
    expect((admin.activities as Json[]).length).toBeGreaterThan(0);
    expect(admin.documents).toEqual(expect.any(Array));

    // ap@acme.test reads invoices and lists payments, but not the audit log nor the documents archive
    expect((await h.app.inject({ url: "/api/activities?_end=1", headers: await h.login("ap@acme.test") })).statusCode).toBe(403);
    const ap = await show(`/api/invoices/${id}`, "ap@acme.test");
    expect(ap).not.toHaveProperty("activities");
    // a record's documents are part of it (readWithParent): who reads the invoice sees its PDF
    expect(ap.documents).toEqual(admin.documents);
    expect(ap).toMatchObject({ id, payments: expect.any(Array), vendor: { id: admin.vendor_id }, purchase_orders: expect.any(Array) });
  });
});

describe("embedded rows are those the related list would show", () => {
  it("leaves out another company's rows pointed at by a has-many key or a refers-many id", async () => {
    const id = await auditedInvoice();
    const globex = await h.companyId("Globex Ltd");
    const acme = await h.companyId("Acme Corp");
    const pos = (company: number) => h.database.db.selectFrom("purchase_orders").select("id").where("company_id", "=", company).orderBy("id").limit(1).executeTakeFirstOrThrow();
    const [ours, theirs] = [(await pos(acme)).id as number, (await pos(globex)).id as number];
    // written straight into the database: no request could link these
    await h.database.db.updateTable("invoices").set({ purchase_order_ids: [theirs, ours] }).where("id", "=", id).execute();
    const foreign = await h.database.db.insertInto("activities").values({ company_id: globex, event: "update", item_type: "invoices", item_id: id, changes: "{}" })
      .returning("id").executeTakeFirstOrThrow();

    const shown = await show(`/api/invoices/${id}`);
    expect((shown.purchase_orders as Json[]).map((po) => po.id)).toEqual([ours]);
    expect((shown.activities as Json[]).map((a) => a.id)).not.toContain(foreign.id);
    expect((shown.activities as Json[]).length).toBeGreaterThan(0);

    const [listed] = (await h.app.inject({ url: `/api/invoices?id=${id}`, headers: await h.login("admin@acme.test") })).json().data as Json[];
    expect((listed.purchase_orders as Json[]).map((po) => po.id)).toEqual([ours]);
    expect(listed).not.toHaveProperty("activities");
  });

  it("gives timestamps and amounts of embedded rows the shape of the related resource's own answer", async () => {
    const id = await auditedInvoice();
    const [activity] = (await show(`/api/invoices/${id}`)).activities as Json[];
    const own = await show(`/api/activities/${String(activity.id)}`);
    // decorated as the activities' own answer: the user named (decorated relation)
    const fields = ["id", "event", "user_id", "changes", "created_at", "user_email", "user_name"];
    expect(activity).toMatchObject(Object.fromEntries(fields.map((f) => [f, own[f]])));
    expect(activity.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const [withPo] = (await h.app.inject({ url: "/api/invoices?purchase_order_ids_null=false&_end=1", headers: await h.login("admin@acme.test") })).json().data as Json[];
    const [po] = withPo.purchase_orders as Json[];
    const ownPo = await show(`/api/purchase_orders/${String(po.id)}`);
    expect(po).toEqual({ id: ownPo.id, number: ownPo.number, amount: ownPo.amount, open_balance: ownPo.open_balance, status: ownPo.status });
  });
});
