/**
 * Multi-currency (issue 15 item 4, docs/currency.md): dated exchange rates per company, the rate fixed
 * at the document's date, totals in the functional currency, the journal in it with the original kept.
 */
import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money } from "../../src/framework/money.js";
import { useApp } from "./harness.js";

const h = useApp();
let serial = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

async function call(email: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, companyId?: number) {
  return h.app.inject({ method, url, headers: await h.login(email, companyId), ...(payload ? { payload } : {}) });
}

async function acmeVendor(): Promise<number> {
  const company = await h.companyId("Acme Corp");
  return (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow()).id as number;
}

const invoice = async (values: Record<string, unknown>) =>
  call("ap@acme.test", "POST", "/api/invoices", { number: unique("FX"), vendor_id: await acmeVendor(), date: "2026-06-20", due_date: "2026-07-20", currency_code: "EUR", ...values });

async function rate(currency_code: string, rate_date: string, value: string): Promise<number> {
  const created = await call("admin@acme.test", "POST", "/api/exchange_rates", { currency_code, rate_date, rate: value });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

const invoiceTotal = async () => (await call("admin@acme.test", "GET", "/api/invoices/stats?_sum=amount")).json().data[0].sum as string;

async function approveAll(type: string, id: number) {
  for (;;) {
    const pending = await h.database.db.selectFrom("approvals").select(["id", "contact_id"]).where("approvable_type", "=", type).where("approvable_id", "=", id)
      .where("aasm_state", "=", "pending").orderBy("step").executeTakeFirst();
    if (!pending) return;
    const contact = await h.database.db.selectFrom("contacts").select("email").where("id", "=", pending.contact_id as number).executeTakeFirstOrThrow();
    const approved = await call(String(contact.email), "POST", `/api/approvals/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
  }
}

const journalOf = (type: string, id: number) => h.database.db.selectFrom("account_transactions")
  .select(["entry_number", "account_id", "debit_amount", "credit_amount", "orig_amount", "orig_currency"])
  .where("account_transactionable_type", "=", type).where("account_transactionable_id", "=", id).orderBy("id").execute();

function expectBalanced(lines: { entry_number: unknown; debit_amount: unknown; credit_amount: unknown }[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const entry of new Set(lines.map((l) => l.entry_number))) {
    const own = lines.filter((l) => l.entry_number === entry);
    const side = (f: "debit_amount" | "credit_amount") => own.reduce((t, l) => t.plus(String(l[f])), money(0)).toFixed(2);
    expect(side("debit_amount"), String(entry)).toBe(side("credit_amount"));
  }
}

describe("exchange rates and amounts in the functional currency", () => {
  it("a EUR invoice of 1,000,000 changes Acme's USD dashboard total by exactly 1,000,000 × the rate of its date", async () => {
    await rate("EUR", "2026-06-15", "1.0850");
    const before = await invoiceTotal();
    const created = await invoice({ amount: "1000000.00" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ amount: "1000000.00", currency_code: "EUR", exchange_rate: "1.08500000", amount_in_functional: "1085000.00", functional_currency: "USD" });
    expect(money(await invoiceTotal()).minus(before).toFixed(2)).toBe("1085000.00");
  });

  it("the rate is fixed at the document's date: a rate entered later does not change an existing invoice, a new one takes it", async () => {
    await rate("EUR", "2026-05-10", "1.1000");
    const first = (await invoice({ date: "2026-05-20", due_date: "2026-06-20", amount: "100.00" })).json().data;
    expect(first.amount_in_functional).toBe("110.00");
    await rate("EUR", "2026-05-15", "1.2000");
    expect((await call("admin@acme.test", "GET", `/api/invoices/${first.id}`)).json().data.amount_in_functional).toBe("110.00");
    expect((await invoice({ date: "2026-05-20", due_date: "2026-06-20", amount: "100.00" })).json().data.amount_in_functional).toBe("120.00");
    // an edit of the date while the invoice is still editable fixes the rate of the new date; of the amount, converts at the fixed rate
    const moved = await call("ap@acme.test", "PATCH", `/api/invoices/${first.id}`, { date: "2026-05-12" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ exchange_rate: "1.10000000", amount_in_functional: "110.00" });
    const bigger = await call("ap@acme.test", "PATCH", `/api/invoices/${first.id}`, { amount: "200.00" });
    expect(bigger.json().data.amount_in_functional).toBe("220.00");
  });

  it("no rate on or before the date: 422 on the currency in plain words, nothing stored", async () => {
    const number = unique("JPY");
    const refused = await call("ap@acme.test", "POST", "/api/invoices", { number, vendor_id: await acmeVendor(), date: "2026-06-20", due_date: "2026-07-20", currency_code: "JPY", amount: "5000.00" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.currency_code).toEqual(["has no exchange rate to USD on or before 2026-06-20: enter a JPY rate under Exchange rates first"]);
    expect(await h.database.db.selectFrom("invoices").select("id").where("number", "=", number).executeTakeFirst()).toBeUndefined();
    // and a date before the first EUR rate (the demo's go back three years, not forty)
    const early = await invoice({ date: "1990-01-02", due_date: "1990-02-01", amount: "10.00" });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.currency_code[0]).toMatch(/no exchange rate to USD on or before 1990-01-02/);
  });

  it("the rate and the functional amount are the server's: a client sending them is refused", async () => {
    for (const field of [{ amount_in_functional: "1.00" }, { exchange_rate: "1" }]) {
      const refused = await invoice({ amount: "50.00", ...field });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[Object.keys(field)[0]]).toEqual(["is set by the server and cannot be written"]);
    }
    const created = (await invoice({ amount: "50.00" })).json().data;
    const patched = await call("ap@acme.test", "PATCH", `/api/invoices/${created.id}`, { amount_in_functional: "1.00" });
    expect(patched.statusCode).toBe(422);
    expect((await call("ap@acme.test", "GET", `/api/invoices/${created.id}`)).json().data.amount_in_functional).toBe(created.amount_in_functional);
  });

  it("rates are validated: positive, a foreign currency, one per currency and date", async () => {
    const bad = await call("admin@acme.test", "POST", "/api/exchange_rates", { currency_code: "USD", rate_date: "2026-01-05", rate: "0" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ currency_code: ["is the company's own currency (USD), whose rate is always 1"], rate: ["must be greater than 0"] });
    await rate("CHF", "2026-01-05", "1.1200");
    const twice = await call("admin@acme.test", "POST", "/api/exchange_rates", { currency_code: "CHF", rate_date: "2026-01-05", rate: "1.1300" });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.rate_date).toEqual(["has already been taken"]);
  });
});

describe("exchange rates: tenancy and permissions", () => {
  it("another company's rates are invisible (404) and unusable", async () => {
    const id = await rate("SEK", "2026-02-02", "0.0950");
    const globex = await h.companyId("Globex Ltd");
    const acme = await h.companyId("Acme Corp");
    expect((await call("admin@globex.test", "GET", `/api/exchange_rates/${id}`, undefined, globex)).statusCode).toBe(404);
    expect((await call("admin@globex.test", "PATCH", `/api/exchange_rates/${id}`, { rate: "9" }, globex)).statusCode).toBe(404);
    expect((await call("admin@globex.test", "DELETE", `/api/exchange_rates/${id}`, undefined, globex)).statusCode).toBe(404);
    const listed = (await call("admin@globex.test", "GET", "/api/exchange_rates?currency_code=SEK", undefined, globex)).json().data as unknown[];
    expect(listed).toEqual([]);
    const stored = await h.database.db.selectFrom("exchange_rates").select(["company_id", "rate"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ company_id: acme });
    expect(money(String(stored.rate)).toFixed(4)).toBe("0.0950");
    // Globex (EUR) has no SEK rate of its own: Acme's is not used
    const vendor = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow()).id;
    const refused = await call("admin@globex.test", "POST", "/api/invoices", { number: unique("SEK"), vendor_id: vendor, date: "2026-06-20", due_date: "2026-07-20", currency_code: "SEK", amount: "10.00" }, globex);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.currency_code[0]).toMatch(/no exchange rate to EUR/);
  });

  it("a role without the settings key cannot write rates (403), nothing stored; a read-only admin reads them", async () => {
    const company = await h.companyId("Acme Corp");
    const count = async () => (await h.database.db.selectFrom("exchange_rates").select(h.database.db.fn.countAll().as("n")).where("company_id", "=", company).executeTakeFirstOrThrow()).n;
    const before = await count();
    expect((await call("ap@acme.test", "POST", "/api/exchange_rates", { currency_code: "NOK", rate_date: "2026-03-03", rate: "0.0930" })).statusCode).toBe(403);
    expect((await call("readonly@acme.test", "POST", "/api/exchange_rates", { currency_code: "NOK", rate_date: "2026-03-03", rate: "0.0930" })).statusCode).toBe(403);
    expect(await count()).toEqual(before);
    const listed = await call("readonly@acme.test", "GET", "/api/exchange_rates?currency_code=EUR");
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data as unknown[]).length).toBeGreaterThan(0);
  });
});

describe("the journal and payments in the functional currency", () => {
  it("a EUR invoice's approval posts balanced in USD, each line keeping its EUR amount; the rounding cent is absorbed", async () => {
    await rate("EUR", "2026-04-02", "1.0850");
    const created = await invoice({
      date: "2026-04-10", due_date: "2026-05-10", amount: "200.10",
      debit_entries: [{ account_number: "6000", amount: "100.05" }, { account_number: "6100", amount: "100.05" }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await call("ap@acme.test", "POST", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
    await approveAll("Invoice", id);
    const lines = await journalOf("Invoice", id);
    expectBalanced(lines);
    const credit = lines.find((l) => money(String(l.credit_amount)).gt(0))!;
    expect({ credit: money(String(credit.credit_amount)).toFixed(2), orig: money(String(credit.orig_amount)).toFixed(2), currency: credit.orig_currency })
      .toEqual({ credit: "217.11", orig: "200.10", currency: "EUR" });
    const debits = lines.filter((l) => money(String(l.debit_amount)).gt(0));
    expect(debits.map((l) => money(String(l.orig_amount)).toFixed(2))).toEqual(["100.05", "100.05"]);
    expect(debits.map((l) => money(String(l.debit_amount)).toFixed(2)).sort()).toEqual(["108.55", "108.56"]);
  });

  it("a payment run over a EUR invoice: the payments carry the rate of the payment date, the journal balances in USD", async () => {
    const company = await h.companyId("Acme Corp");
    const paymentDate = earliestPaymentDate();
    await rate("EUR", "2026-03-02", "1.0500");
    const created = await invoice({ date: "2026-03-05", due_date: "2026-04-05", amount: "300.00", debit_entries: [{ account_number: "6000", amount: "300.00" }] });
    const id = created.json().data.id as number;
    expect((await call("ap@acme.test", "POST", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
    await approveAll("Invoice", id);
    // a EUR originating account, posting to the default account's bank GL account
    const usd = await h.database.db.selectFrom("payment_methods").selectAll().where("company_id", "=", company).where("owner_type", "=", "Company").where("is_default", "=", true).executeTakeFirstOrThrow();
    const { id: _id, created_at: _created, updated_at: _updated, ...copy } = usd;
    const eur = await h.database.db.insertInto("payment_methods").values({ ...copy, name: "EUR operating", currency_code: "EUR", is_default: false })
      .returning("id").executeTakeFirstOrThrow();
    const runResponse = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ invoice_id: id, amount: "300.00", payment_method_from_id: eur.id }] });
    expect(runResponse.statusCode, runResponse.body).toBe(201);
    const run = runResponse.json().data as { id: number; currency_code: string };
    expect(run.currency_code).toBe("EUR");
    const expected = (await h.database.db.selectFrom("exchange_rates").select("rate").where("company_id", "=", company).where("currency_code", "=", "EUR")
      .where("rate_date", "<=", paymentDate).orderBy("rate_date", "desc").executeTakeFirstOrThrow()).rate;
    const payment = await h.database.db.selectFrom("payments").select(["id", "exchange_rate", "amount_in_functional"]).where("payment_run_id", "=", run.id).executeTakeFirstOrThrow();
    expect(money(String(payment.exchange_rate)).toFixed(8)).toBe(money(String(expected)).toFixed(8));
    expect(money(String(payment.amount_in_functional)).toFixed(2)).toBe(money("300.00").times(String(expected)).toFixed(2));
    const batch = await h.database.db.selectFrom("payment_run_batches").select(["total_amount_in_functional", "functional_currency"]).where("payment_run_id", "=", run.id).executeTakeFirstOrThrow();
    expect({ total: money(String(batch.total_amount_in_functional)).toFixed(2), currency: batch.functional_currency }).toEqual({ total: money(String(payment.amount_in_functional)).toFixed(2), currency: "USD" });

    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`)).statusCode).toBe(200);
    await approveAll("PaymentRun", run.id);
    const processed = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`);
    expect(processed.statusCode, processed.body).toBe(200);
    const all = await journalOf("Payment", payment.id as number);
    expectBalanced(all);
    // entry 1 the payment itself; a second entry, if any, is the realized exchange difference against the invoice's rate (ledger/fx.ts)
    const lines = all.filter((l) => String(l.entry_number).endsWith("-1"));
    expect(lines.map((l) => [money(String(l.debit_amount)).plus(String(l.credit_amount)).toFixed(2), money(String(l.orig_amount)).toFixed(2), l.orig_currency]))
      .toEqual([[money(String(payment.amount_in_functional)).toFixed(2), "300.00", "EUR"], [money(String(payment.amount_in_functional)).toFixed(2), "300.00", "EUR"]]);
    const invoiceAfter = (await call("admin@acme.test", "GET", `/api/invoices/${id}`)).json().data;
    expect(invoiceAfter).toMatchObject({ status: "PAID", amount_in_functional: "315.00" });
  });
});
