/**
 * The vendor's remittance (docs/portal.md "Remittance"): GET /api/portal/invoice_payment_links answers a
 * vendor contact the links of its own invoices — how much each payment and each vendor credit applied —
 * with the declared fields only, so a partial payment and a credit can be reconciled; another vendor's
 * links and a draft invoice's are not there; nothing of the purchaser's side (bank accounts, runs) is.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

let acme = 0;
let globex = 0;
let vendor: Record<string, string> = {};
let vendorAtGlobex: Record<string, string> = {};
let staff: Record<string, string> = {};
let serial = 0;
/** Northwind's partly paid invoice (credit applied), its fully paid one, its draft; another vendor's invoice and payment */
const ids = { partial: 0, full: 0, draft: 0, credit: 0, payment: 0, otherInvoice: 0, otherPayment: 0, draftLink: 0, otherLink: 0 };

const get = (url: string, headers: Record<string, string>) => h.app.inject({ method: "GET", url, headers });
type Link = { id: number; invoice_id: number; payment_id: number; amount: string; invoice: Record<string, unknown>; payment: Record<string, unknown> | null; vendor_credit: Record<string, unknown> | null };

async function invoice(vendorId: number, amount: string, status = "APPROVED"): Promise<number> {
  const row = await h.database.db.insertInto("invoices").values({
    company_id: acme, number: `RM-${++serial}`, vendor_id: vendorId, date: "2026-11-03", due_date: "2026-12-03", amount, currency_code: "USD",
    status, payments_sum: "0", balance_outstanding: amount, outstanding_balance_pending: amount, debit_entries: JSON.stringify([{ account_number: "6000", amount }]),
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** A cleared payment of `vendorId` from the company's bank account, settling `links` (invoice id → amount). */
async function payment(vendorId: number, amount: string, links: [number, string][]): Promise<number> {
  const db = h.database.db;
  const from = await db.selectFrom("payment_methods").select("id").where("company_id", "=", acme).where("vendor_id", "is", null).executeTakeFirst();
  const row = await db.insertInto("payments").values({
    company_id: acme, payment_number: `PM-RM-${++serial}`, vendor_id: vendorId, payment_date: "2026-11-20", amount, balance: "0", currency_code: "USD",
    record_type: "DEBIT", status: "CLEARED", payment_type: "ach", payment_method_from_id: from?.id ?? null, reference_number: "TRACE-1",
  }).returning("id").executeTakeFirstOrThrow();
  for (const [invoiceId, applied] of links) {
    await db.insertInto("invoice_payment_links").values({ company_id: acme, invoice_id: invoiceId, payment_id: row.id, amount: applied }).execute();
    // the invoice settled as the payment engine settles it
    await sql`update invoices set payments_sum = payments_sum + ${applied}::numeric, balance_outstanding = balance_outstanding - ${applied}::numeric,
      outstanding_balance_pending = outstanding_balance_pending - ${applied}::numeric where id = ${invoiceId}`.execute(db);
  }
  return row.id;
}

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  globex = await h.companyId("Globex Ltd");
  vendor = await h.login("vendor@northwind.test", acme);
  vendorAtGlobex = await h.login("vendor@northwind.test", globex);
  staff = await h.login("admin@acme.test", acme);
  const db = h.database.db;
  const northwind = (await db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  const other = (await db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("id", "<>", northwind).orderBy("id").executeTakeFirstOrThrow()).id;
  ids.partial = await invoice(northwind, "1000.00");
  ids.full = await invoice(northwind, "80.00");
  ids.draft = await invoice(northwind, "50.00", "DRAFT");
  ids.otherInvoice = await invoice(other, "70.00");
  // a vendor credit applied through the credit engine: 150.00 of the 1,000.00 invoice
  ids.credit = (await db.insertInto("payments").values({
    company_id: acme, payment_number: `VC-RM-${++serial}`, vendor_id: northwind, payment_date: "2026-11-10", amount: "150.00", balance: "150.00",
    currency_code: "USD", record_type: "CREDIT", status: "AVAILABLE",
  }).returning("id").executeTakeFirstOrThrow()).id;
  const applied = await h.app.inject({ method: "POST", url: `/api/vendor_credits/${ids.credit}/apply`, headers: staff, payload: { invoice_id: ids.partial, amount: "150.00" } });
  expect(applied.statusCode).toBe(200);
  // one payment: 600.00 of the 1,000.00 invoice (partial) and all of the 80.00 one
  ids.payment = await payment(northwind, "680.00", [[ids.partial, "600.00"], [ids.full, "80.00"]]);
  ids.otherPayment = await payment(other, "70.00", [[ids.otherInvoice, "70.00"]]);
  ids.otherLink = (await db.selectFrom("invoice_payment_links").select("id").where("payment_id", "=", ids.otherPayment).executeTakeFirstOrThrow()).id;
  // a link to a draft (the purchaser's work in progress) stays hidden like the draft
  ids.draftLink = (await db.insertInto("invoice_payment_links").values({ company_id: acme, invoice_id: ids.draft, payment_id: ids.payment, amount: "0.01" })
    .returning("id").executeTakeFirstOrThrow()).id;
});

describe("the remittance of a payment", () => {
  it("lists per invoice the invoice's amount and what this payment applied; the applied amounts add up to the payment", async () => {
    const response = await get(`/api/portal/invoice_payment_links?payment_id=${ids.payment}&_sort=id&_order=asc`, vendor);
    expect(response.statusCode).toBe(200);
    const links = response.json().data as Link[];
    expect(links.map((l) => [l.invoice_id, l.amount])).toEqual([[ids.partial, "600.00"], [ids.full, "80.00"]]);
    expect(links[0].invoice).toMatchObject({ id: ids.partial, date: "2026-11-03", amount: "1000.00", currency_code: "USD" });
    expect(links[0].payment).toMatchObject({ id: ids.payment, payment_date: "2026-11-20", status: "CLEARED" });
    const total = links.reduce((cents, l) => cents + Math.round(Number(l.amount) * 100), 0);
    const paid = (await get(`/api/portal/payments/${ids.payment}`, vendor)).json().data;
    expect(total).toBe(Math.round(Number(paid.amount) * 100));
  });

  it("names the vendor credit applied to an invoice with its amount", async () => {
    const links = (await get(`/api/portal/invoice_payment_links?invoice_id=${ids.partial}&invoice_id=${ids.full}`, vendor)).json().data as Link[];
    const credits = links.filter((l) => l.vendor_credit);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ invoice_id: ids.partial, payment_id: ids.credit, amount: "150.00", payment: null });
    expect(credits[0].vendor_credit).toMatchObject({ id: ids.credit, payment_number: expect.stringMatching(/^VC-RM-/), payment_date: "2026-11-10" });
  });

  it("shows an invoice's payments and credits, each with what it applied", async () => {
    const links = (await get(`/api/portal/invoice_payment_links?invoice_id=${ids.partial}&_sort=id&_order=asc`, vendor)).json().data as Link[];
    expect(links.map((l) => [l.payment_id, l.amount])).toEqual([[ids.credit, "150.00"], [ids.payment, "600.00"]]);
    const read = (await get(`/api/portal/invoices/${ids.partial}`, vendor)).json().data;
    expect(read).toMatchObject({ amount: "1000.00", payments_sum: "750.00", balance_outstanding: "250.00" });
  });
});

describe("confinement", () => {
  it("answers only the declared fields: nothing of the purchaser's side", async () => {
    const links = (await get(`/api/portal/invoice_payment_links?invoice_id=${ids.partial}`, vendor)).json().data as Link[];
    for (const link of links) {
      expect(Object.keys(link).sort()).toEqual(["amount", "id", "invoice", "invoice_id", "payment", "payment_id", "vendor_credit"]);
      expect(Object.keys(link.invoice).sort()).toEqual(["amount", "currency_code", "date", "id", "number"]);
      if (link.payment) expect(Object.keys(link.payment).sort()).toEqual(["id", "payment_date", "payment_number", "status"]);
      if (link.vendor_credit) expect(Object.keys(link.vendor_credit).sort()).toEqual(["id", "payment_date", "payment_number"]);
    }
    expect(JSON.stringify(links)).not.toMatch(/payment_method|payment_run|vendor_id|approv|company_id/);
  });

  it("does not list another vendor's links, nor a draft invoice's, by any filter", async () => {
    const all = (await get("/api/portal/invoice_payment_links?_start=0&_end=1000", vendor)).json();
    const listed = (all.data as Link[]).map((l) => l.id);
    expect(listed).not.toContain(ids.otherLink);
    expect(listed).not.toContain(ids.draftLink);
    const own = await h.database.db.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id").innerJoin("vendors as v", "v.id", "i.vendor_id")
      .select("l.id").where("l.company_id", "=", acme).where("v.name", "=", "Northwind Supplies").where("i.status", "<>", "DRAFT").execute();
    expect(all.meta.total).toBe(own.length);
    expect(listed.sort((a, b) => a - b)).toEqual(own.map((l) => l.id).sort((a, b) => a - b));
    for (const query of [`payment_id=${ids.otherPayment}`, `invoice_id=${ids.otherInvoice}`, `id=${ids.otherLink}`, `invoice_id=${ids.draft}`]) {
      const response = await get(`/api/portal/invoice_payment_links?${query}`, vendor);
      expect(response.statusCode, query).toBe(200);
      expect(response.json().meta.total, query).toBe(0);
    }
    // the same login at another purchaser sees none of Acme's links
    const atGlobex = (await get("/api/portal/invoice_payment_links?_start=0&_end=1000", vendorAtGlobex)).json().data as Link[];
    expect(atGlobex.map((l) => l.id)).not.toContain(ids.payment);
    expect(atGlobex.some((l) => listed.includes(l.id))).toBe(false);
  });

  it("refuses filters and sorts on undeclared fields (400) and has no record path (404)", async () => {
    for (const query of ["created_at_gte=2020-01-01", "invoice.vendor_id=1", "invoice.status=PAID", "_sort=created_at", "company_id=1"]) {
      expect((await get(`/api/portal/invoice_payment_links?${query}`, vendor)).statusCode, query).toBe(400);
    }
    expect((await get(`/api/portal/invoice_payment_links/${ids.otherLink}`, vendor)).statusCode).toBe(404);
    // vendor credits are in the portal only as a remittance names them: no paths of their own
    expect((await get("/api/portal/vendor_credits", vendor)).statusCode).toBe(404);
    expect((await get(`/api/portal/vendor_credits/${ids.credit}`, vendor)).statusCode).toBe(404);
  });

  it("keeps staff out of the portal path and the vendor out of the staff one (403)", async () => {
    expect((await get("/api/portal/invoice_payment_links", staff)).statusCode).toBe(403);
    expect((await get("/api/invoice_payment_links", vendor)).statusCode).toBe(403);
  });
});
