/** Vendor credits applied to invoices: POST /api/vendor_credits/{id}/apply and its refusals. */
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();
let serial = 0;

async function acme() {
  const company = await h.companyId("Acme Corp");
  const vendors = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").limit(2).execute();
  return { company, vendor: vendors[0].id as number, other: vendors[1].id as number };
}

/** An APPROVED invoice with nothing paid, straight in the database. */
async function invoice(vendorId: number, amount: string, currency = "USD", status = "APPROVED"): Promise<number> {
  const { company } = await acme();
  const row = await h.database.db.insertInto("invoices").values({
    company_id: company, number: `CR-TEST-${++serial}`, vendor_id: vendorId, date: "2026-11-01", due_date: "2026-12-01", amount, currency_code: currency,
    status, payments_sum: "0", balance_outstanding: amount, outstanding_balance_pending: amount,
    debit_entries: JSON.stringify([{ account_number: "6000", amount }]),
  }).returning("id").executeTakeFirstOrThrow();
  return row.id as number;
}

/** An AVAILABLE vendor credit with nothing applied. */
async function credit(vendorId: number, amount: string, currency = "USD", status = "AVAILABLE"): Promise<number> {
  const { company } = await acme();
  const row = await h.database.db.insertInto("payments").values({
    company_id: company, payment_number: `CM-TEST-${++serial}`, vendor_id: vendorId, payment_date: "2026-11-02", amount, balance: amount,
    currency_code: currency, record_type: "CREDIT", status,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id as number;
}

const readInvoice = (id: number) => h.database.db.selectFrom("invoices").select(["status", "payments_sum", "balance_outstanding", "outstanding_balance_pending"])
  .where("id", "=", id).executeTakeFirstOrThrow();
const readCredit = (id: number) => h.database.db.selectFrom("payments").select(["status", "balance"]).where("id", "=", id).executeTakeFirstOrThrow();
const linksOf = (creditId: number) => h.database.db.selectFrom("invoice_payment_links").select(["invoice_id", "amount"]).where("payment_id", "=", creditId).orderBy("id").execute();

const apply = async (creditId: number, payload: object, email = "ap@acme.test") =>
  h.app.inject({ method: "POST", url: `/api/vendor_credits/${creditId}/apply`, headers: await h.login(email), payload });

describe("applying vendor credits", () => {
  it("partly, then fully: balances, links, APPLIED when used up", async () => {
    const { vendor } = await acme();
    const inv = await invoice(vendor, "500.00");
    const cm = await credit(vendor, "120.00");
    const first = await apply(cm, { invoice_id: inv, amount: "20.50" });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id: cm, status: "AVAILABLE", balance: "99.50" });
    expect(await readInvoice(inv)).toMatchObject({ status: "OPEN", payments_sum: "20.50", balance_outstanding: "479.50", outstanding_balance_pending: "479.50" });
    const rest = await apply(cm, { invoice_id: inv, amount: 99.5 });
    expect(rest.statusCode).toBe(200);
    expect(await readCredit(cm)).toMatchObject({ status: "APPLIED", balance: "0.00" });
    expect(await readInvoice(inv)).toMatchObject({ status: "OPEN", payments_sum: "120.00", balance_outstanding: "380.00" });
    expect((await linksOf(cm)).map((l) => l.amount)).toEqual(["20.50", "99.50"]);
    // used up: no longer AVAILABLE
    expect((await apply(cm, { invoice_id: inv, amount: "1.00" })).statusCode).toBe(409);
  });

  it("several invoices in one call, in one transaction; an invoice settled in full is PAID", async () => {
    const { vendor } = await acme();
    const [a, b] = [await invoice(vendor, "40.00"), await invoice(vendor, "300.00")];
    const cm = await credit(vendor, "100.00");
    const ok = await apply(cm, { applications: [{ invoice_id: a, amount: "40.00" }, { invoice_id: b, amount: "10.00" }] });
    expect(ok.statusCode).toBe(200);
    expect(await readInvoice(a)).toMatchObject({ status: "PAID", balance_outstanding: "0.00" });
    expect(await readCredit(cm)).toMatchObject({ status: "AVAILABLE", balance: "50.00" });
    // the second application is too much: 422 naming it, and the first one is not written either
    const refused = await apply(cm, { applications: [{ invoice_id: b, amount: "10.00" }, { invoice_id: b, amount: "45.00" }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors["applications.1.amount"][0]).toContain("available balance (40.00)");
    expect(await readCredit(cm)).toMatchObject({ balance: "50.00" });
    expect(await readInvoice(b)).toMatchObject({ balance_outstanding: "290.00" });
  });

  it("refuses another vendor, another currency, above available, above the invoice balance, bad amounts, unpayable invoices", async () => {
    const { vendor, other } = await acme();
    const cm = await credit(vendor, "100.00");
    const small = await invoice(vendor, "30.00");
    const cases: [object, string, string][] = [
      [{ invoice_id: await invoice(other, "500.00"), amount: "10.00" }, "invoice_id", "another vendor"],
      [{ invoice_id: await invoice(vendor, "500.00", "EUR"), amount: "10.00" }, "invoice_id", "is in EUR"],
      [{ invoice_id: await invoice(vendor, "500.00"), amount: "100.01" }, "amount", "available balance (100.00)"],
      [{ invoice_id: small, amount: "30.01" }, "amount", "open balance (30.00)"],
      [{ invoice_id: small, amount: "0" }, "amount", "positive"],
      [{ invoice_id: small, amount: "-5.00" }, "amount", "positive"],
      [{ invoice_id: small, amount: "1.001" }, "amount", "positive"],
      [{ invoice_id: await invoice(vendor, "500.00", "USD", "PENDING"), amount: "1.00" }, "invoice_id", "approved or open"],
      [{ amount: "1.00" }, "invoice_id", "invoice id"],
    ];
    for (const [payload, field, message] of cases) {
      const response = await apply(cm, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field][0]).toContain(message);
    }
    expect(await readCredit(cm)).toMatchObject({ status: "AVAILABLE", balance: "100.00" });
    expect(await linksOf(cm)).toEqual([]);
  });

  it("only AVAILABLE credits; guards: manager and read-only 403, another company 404", async () => {
    const { vendor } = await acme();
    const inv = await invoice(vendor, "100.00");
    expect((await apply(await credit(vendor, "10.00", "USD", "PENDING"), { invoice_id: inv, amount: "1.00" })).statusCode).toBe(409);
    const cm = await credit(vendor, "10.00");
    for (const email of ["approver@acme.test", "readonly@acme.test", "staff@acme.test", "vendor@northwind.test"]) {
      expect((await apply(cm, { invoice_id: inv, amount: "1.00" }, email)).statusCode, email).toBe(403);
    }
    expect((await apply(cm, { invoice_id: inv, amount: "1.00" }, "admin@globex.test")).statusCode).toBe(404);
    expect(await readCredit(cm)).toMatchObject({ balance: "10.00" });
  });

  it("concurrent applications never take a credit below zero", async () => {
    const { vendor } = await acme();
    const cm = await credit(vendor, "100.00");
    const invoices = await Promise.all(Array.from({ length: 8 }, () => invoice(vendor, "50.00")));
    const headers = await h.login("ap@acme.test");
    const responses = await Promise.all(invoices.map((id) =>
      h.app.inject({ method: "POST", url: `/api/vendor_credits/${cm}/apply`, headers, payload: { invoice_id: id, amount: "30.00" } })));
    const codes = responses.map((r) => r.statusCode).sort();
    // three fit in 100.00; the fourth finds 10.00 left (422 above available), or the credit APPLIED (never: 10.00 stays)
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c !== 200).every((c) => c === 422)).toBe(true);
    expect(await readCredit(cm)).toMatchObject({ status: "AVAILABLE", balance: "10.00" });
    expect((await linksOf(cm)).length).toBe(3);
  });
});
