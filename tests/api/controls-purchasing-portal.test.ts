/**
 * Controls of the vendor portal and of purchasing, probed as an attacker and a careless colleague
 * (docs/portal.md and docs/purchasing.md "Controls"): another vendor's or purchaser's records by id,
 * a contact switched off, fields a client must not write, links of another purpose, two requests at
 * once where only one may win, and strangers on every write path. Each test asserts the refusal and
 * that nothing changed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { issueLink } from "../../src/server/links/links.js";
import { acmeOf } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { multipart } from "./multipart.js";
import { poFixtures, type Json } from "./po-fixtures.js";
import { exe, pdf } from "./uploads.js";

const h = useApp();
const { call, show, oneApprover, approvedOrder } = poFixtures(h);
const db = () => h.database.db;

let acme = 0;
let globex = 0;
/** Northwind Supplies at Acme and at Globex (the demo vendor login is a contact of both) */
const northwind = { acme: 0, globex: 0 };
/** another vendor of Acme */
let otherVendor = 0;

const inject = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string>, payload?: unknown) => {
  const response = await h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Json };
};
const vendorAt = (company: number) => h.login("vendor@northwind.test", company);

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  globex = await h.companyId("Globex Ltd");
  const northwindOf = async (company: number) => (await db().selectFrom("vendors").select("id").where("company_id", "=", company).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  northwind.acme = await northwindOf(acme);
  northwind.globex = await northwindOf(globex);
  otherVendor = (await db().selectFrom("vendors").select("id").where("company_id", "=", acme).where("id", "<>", northwind.acme).orderBy("id").executeTakeFirstOrThrow()).id;
  await oneApprover();
});

/** A row's columns straight from the table (past the API), to prove nothing changed. */
const rowOf = (table: "purchase_orders" | "invoice_requests" | "accrual_requests" | "po_items" | "payment_methods" | "vendors", id: number) =>
  db().selectFrom(table).selectAll().where("id", "=", id).executeTakeFirstOrThrow() as Promise<Json>;

describe("the portal: another vendor's or purchaser's records", () => {
  it("404 on Globex's records with the Acme header and on Acme's with the Globex header, for every portal action", async () => {
    const acmeOrder = await approvedOrder(northwind.acme);
    const globexOrder = (await db().selectFrom("purchase_orders").select("id").where("company_id", "=", globex).where("vendor_id", "=", northwind.globex)
      .where("status", "in", ["APPROVED", "OPEN"]).orderBy("id").executeTakeFirst())?.id;
    const atAcme = await vendorAt(acme);
    const atGlobex = await vendorAt(globex);
    expect((await inject("POST", `/api/portal/purchase_orders/${acmeOrder.id}/acknowledge`, atGlobex)).status).toBe(404);
    if (globexOrder) expect((await inject("POST", `/api/portal/purchase_orders/${globexOrder}/acknowledge`, atAcme)).status).toBe(404);
    expect((await rowOf("purchase_orders", acmeOrder.id)).acknowledged_at).toBeNull();
    // the vendor record of the other purchaser, by id
    expect((await inject("POST", `/api/portal/vendors/${northwind.globex}/update_details`, atAcme, { phone: "555-0100" })).status).toBe(404);
    expect((await inject("POST", `/api/portal/vendors/${northwind.acme}/update_details`, atGlobex, { phone: "555-0100" })).status).toBe(404);
    // another vendor of the same purchaser
    expect((await inject("POST", `/api/portal/vendors/${otherVendor}/update_details`, atAcme, { phone: "555-0100" })).status).toBe(404);
    const otherOrder = await approvedOrder(otherVendor);
    expect((await inject("POST", `/api/portal/purchase_orders/${otherOrder.id}/acknowledge`, atAcme)).status).toBe(404);
  });
});

describe("the portal: a contact switched off or a login removed", () => {
  it("a token issued before the contact went INACTIVE, or before its login was unlinked, opens nothing more", async () => {
    const user = await db().selectFrom("users").select("password_hash").where("email", "=", "vendor@northwind.test").executeTakeFirstOrThrow();
    const login = await db().insertInto("users").values({ email: "leaver@northwind.test", name: "Leaver", password_hash: user.password_hash, current_company_id: acme })
      .returning("id").executeTakeFirstOrThrow();
    const contact = await db().insertInto("contacts").values({
      company_id: acme, first_name: "Lea", last_name: "Ver", email: "leaver@northwind.test", contact_type: "VENDOR", role: "vendor",
      user_id: login.id, vendor_id: northwind.acme, source: "COMPANY", company_roles: [], vendor_roles: [], status: "ACTIVE",
    }).returning("id").executeTakeFirstOrThrow();
    const headers = await h.login("leaver@northwind.test", acme);
    const order = await approvedOrder(northwind.acme);
    expect((await inject("GET", "/api/portal/invoices", headers)).status).toBe(200);

    await db().updateTable("contacts").set({ status: "INACTIVE" }).where("id", "=", contact.id).execute();
    expect((await inject("GET", "/api/portal/invoices", headers)).status).toBe(403);
    expect((await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, headers)).status).toBe(403);
    await db().updateTable("contacts").set({ status: "ACTIVE", user_id: null }).where("id", "=", contact.id).execute();
    expect((await inject("GET", "/api/portal/invoices", headers)).status).toBe(403);
    expect((await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, headers)).status).toBe(403);
    expect((await rowOf("purchase_orders", order.id)).acknowledged_at).toBeNull();
  });
});

describe("the portal: fields a vendor does not write", () => {
  it("acknowledge takes no input: a body naming the status, amount, vendor or company is refused and nothing else moves", async () => {
    const order = await approvedOrder(northwind.acme);
    const vendor = await vendorAt(acme);
    const forged = await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, vendor,
      { status: "CLOSED", amount: "1.00", vendor_id: otherVendor, company_id: globex, acknowledged_by_id: 1 });
    expect(forged.status).toBe(422);
    expect(Object.keys(forged.body.errors).sort()).toEqual(["acknowledged_by_id", "amount", "company_id", "status", "vendor_id"]);
    const after = await rowOf("purchase_orders", order.id);
    expect(after).toMatchObject({ status: "APPROVED", amount: "350.00", vendor_id: northwind.acme, company_id: acme, acknowledged_at: null });
    const plain = await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, vendor);
    expect(plain.status).toBe(200);
    expect(await rowOf("purchase_orders", order.id)).toMatchObject({ status: "APPROVED", amount: "350.00" });
  });

  it("update_details refuses the name, the status and the vendor's terms; another vendor's tax id is flagged as a likely duplicate", async () => {
    const vendor = await vendorAt(acme);
    const before = await rowOf("vendors", northwind.acme);
    for (const body of [{ name: "Southwind" }, { status: "ACTIVE" }, { term_code: "NET 60" }, { company_id: globex }, { possible_duplicate_of_id: null }, { has_w9: true }]) {
      const refused = await inject("POST", `/api/portal/vendors/${northwind.acme}/update_details`, vendor, body);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], JSON.stringify(body)).toEqual([422, Object.keys(body)]);
    }
    expect(await rowOf("vendors", northwind.acme)).toEqual(before);

    const other = await rowOf("vendors", otherVendor);
    const taxId = other.tax_id as string | null ?? "12-3456789";
    if (!other.tax_id) await db().updateTable("vendors").set({ tax_id: taxId }).where("id", "=", otherVendor).execute();
    const changed = await inject("POST", `/api/portal/vendors/${northwind.acme}/update_details`, vendor, { tax_id: taxId });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await rowOf("vendors", northwind.acme)).toMatchObject({ tax_id: taxId, possible_duplicate_of_id: otherVendor, name: before.name });
  });
});

describe("the portal: submit_invoice", () => {
  async function aRequest(): Promise<number> {
    const created = await call("admin@acme.test", "POST", "/api/invoice_requests", { vendor_id: northwind.acme, status: "SENT" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  }
  async function submit(id: number, fields: Record<string, string>, content = pdf("invoice"), name = "invoice.pdf") {
    const body = await multipart(fields, { name, content, type: "application/pdf" });
    const response = await h.app.inject({ method: "POST", url: `/api/portal/invoice_requests/${id}/submit_invoice`, payload: body.payload, headers: { ...(await vendorAt(acme)), ...body.headers } });
    return { status: response.statusCode, body: response.json() as Json };
  }
  const fields = (number: string, extra: Record<string, string> = {}) => ({ number, date: "2026-03-31", amount: "100.00", ...extra });

  it("refuses another purchaser's order, a draft order of its own, a negative amount and forged fields; keeps nothing", async () => {
    const id = await aRequest();
    const invoices = async () => Number((await db().selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await invoices();
    const globexOrder = (await db().selectFrom("purchase_orders").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow()).id;
    const draft = await call("po@acme.test", "POST", "/api/purchase_orders", { number: `PO-X-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-02", currency_code: "USD" });
    expect(draft.body.data.status).toBe("DRAFT");
    const cases: [Record<string, string>, string][] = [
      [fields("NW-C-1", { purchase_order_id: String(globexOrder) }), "purchase_order_id"],
      [fields("NW-C-2", { purchase_order_id: String(draft.body.data.id) }), "purchase_order_id"],
      [fields("NW-C-3", { amount: "-100.00" }), "amount"],
      [fields("NW-C-4", { status: "APPROVED" }), "status"],
      [fields("NW-C-5", { vendor_id: String(otherVendor) }), "vendor_id"],
      [fields("NW-C-6", { submitter_type: "COMPANY" }), "submitter_type"],
      [fields("NW-C-7", { company_id: String(globex) }), "company_id"],
    ];
    for (const [input, field] of cases) {
      const refused = await submit(id, input);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], JSON.stringify(input)).toEqual([422, [field]]);
    }
    // a file past the limit, and one that only calls itself a PDF
    expect((await submit(id, fields("NW-C-8"), Buffer.concat([pdf("big"), Buffer.alloc(6 * 1024 * 1024, 32)]))).status).toBe(413);
    expect((await submit(id, fields("NW-C-9"), exe)).status).toBe(422);
    expect(await invoices()).toBe(before);
    expect(await rowOf("invoice_requests", id)).toMatchObject({ status: "SENT", invoice_id: null });
  });

  it("two submits at once without a key: one invoice, the other refused", async () => {
    const id = await aRequest();
    const answers = await Promise.all([submit(id, fields("NW-R-1")), submit(id, fields("NW-R-2"))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const made = await db().selectFrom("invoices").select("number").where("company_id", "=", acme).where("number", "in", ["NW-R-1", "NW-R-2"]).execute();
    expect(made).toHaveLength(1);
  });
});

describe("the portal: new bank details", () => {
  const bank = { account_name: "Northwind Supplies", bank_name: "Second Test Bank", routing: "021000021", account_number: "77701234", account_type: "checking" };
  it("the same details sent twice at once (no key) make one PENDING method and one mail", async () => {
    const vendor = await vendorAt(acme);
    const answers = await Promise.all([0, 1].map(() => inject("POST", "/api/portal/payment_methods/propose", vendor, bank)));
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 201]);
    expect(answers[0].body.data.id).toBe(answers[1].body.data.id);
    const methods = await db().selectFrom("payment_methods").select("id").where("vendor_id", "=", northwind.acme).where("account_number", "=", bank.account_number).execute();
    expect(methods).toHaveLength(1);
    const notices = await db().selectFrom("mail_messages").select("to").where("related_type", "=", "PaymentMethod").where("related_id", "=", methods[0].id)
      .where("subject", "like", "Bank details changed%").execute();
    expect(notices.length).toBeGreaterThan(0);
    expect(new Set(notices.map((m) => m.to)).size).toBe(notices.length);
  });
});
