/**
 * Ledger close (issue 31 items 5 and 6, docs/ledger.md): posting periods that close — a posting into a
 * closed month refused or moved per the company, reopening under its own key and audited, the close
 * checklist — and exchange differences: realized on payment, revalued at month end and reversed on day 1.
 * Every test ends with the whole journal balanced, entry by entry.
 */
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money } from "../../src/framework/money.js";
import { createCompany } from "../../src/server/domain/admin/new-company.js";
import { revaluationOf, runRevaluations } from "../../src/server/domain/ledger/fx.js";
import { useApp } from "./harness.js";

const h = useApp();
let serial = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

async function call(email: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });
}

const acme = () => h.companyId("Acme Corp");
const acmeVendor = async () => (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", await acme()).orderBy("id").executeTakeFirstOrThrow()).id as number;

async function approveAll(type: string, id: number) {
  for (;;) {
    const pending = await h.database.db.selectFrom("approvals").select(["id", "contact_id"]).where("approvable_type", "=", type).where("approvable_id", "=", id)
      .where("aasm_state", "=", "pending").orderBy("step").executeTakeFirst();
    if (!pending) return;
    const contact = await h.database.db.selectFrom("contacts").select("email").where("id", "=", pending.contact_id as number).executeTakeFirstOrThrow();
    const approved = await call(String(contact.email), "POST", `/api/approvals/${pending.id}/approve`);
    if (approved.statusCode !== 200) return approved;
  }
}

async function createdInvoice(values: Record<string, unknown>): Promise<number> {
  const created = await call("ap@acme.test", "POST", "/api/invoices", {
    number: unique("CL"), vendor_id: await acmeVendor(), due_date: "2027-01-31", amount: "100.00", currency_code: "USD",
    debit_entries: [{ account_number: "6000", amount: String(values.amount ?? "100.00") }], ...values,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

/** A coded invoice, submitted: its approval posts it. */
async function submittedInvoice(values: Record<string, unknown>): Promise<number> {
  const id = await createdInvoice(values);
  const submitted = await call("ap@acme.test", "POST", `/api/invoices/${id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return id;
}

/** Submit and approve an invoice to its end; the first refusal met (its submit may approve it at once), if any. */
async function submitAndApprove(id: number) {
  const submitted = await call("ap@acme.test", "POST", `/api/invoices/${id}/submit`);
  if (submitted.statusCode !== 200) return submitted;
  return approveAll("Invoice", id);
}

async function rate(currency_code: string, rate_date: string, value: string) {
  const created = await call("admin@acme.test", "POST", "/api/exchange_rates", { currency_code, rate_date, rate: value });
  expect(created.statusCode, created.body).toBe(201);
}

const journalOf = (type: string, id: number) => h.database.db.selectFrom("account_transactions as t").innerJoin("accounts as a", "a.id", "t.account_id")
  .select(["t.entry_number", "t.date", "a.number", "t.debit_amount", "t.credit_amount", "t.posting_period_name", "t.prior_period"])
  .where("t.account_transactionable_type", "=", type).where("t.account_transactionable_id", "=", id).orderBy("t.id").execute();

/** net debit − credit per account number of some lines */
function netOf(lines: readonly { number: unknown; debit_amount: unknown; credit_amount: unknown }[]): Record<string, string> {
  const net: Record<string, string> = {};
  for (const l of lines) net[String(l.number)] = money(net[String(l.number)] ?? 0).plus(String(l.debit_amount)).minus(String(l.credit_amount)).toFixed(2);
  return net;
}

/** Sum of debits = sum of credits, for every entry of every company's journal. */
async function expectJournalBalanced() {
  const unbalanced = await h.database.db.selectFrom("account_transactions").select(["company_id", "entry_number"])
    .groupBy(["company_id", "entry_number"]).having((eb) => eb(eb.fn.sum("debit_amount"), "<>", eb.fn.sum("credit_amount"))).execute();
  expect(unbalanced).toEqual([]);
}
afterEach(expectJournalBalanced);

const lastMonth = dayjs().startOf("month").subtract(1, "month");
const monthName = (d: dayjs.Dayjs) => d.format("MMM YYYY");

async function periodOf(start: dayjs.Dayjs): Promise<{ id: number; status: string; name: string }> {
  const listed = await call("admin@acme.test", "GET", `/api/posting_periods?start_date=${start.format("YYYY-MM-DD")}`);
  expect(listed.statusCode, listed.body).toBe(200);
  const found = listed.json().data as { id: number; status: string; name: string }[];
  if (found[0]) return found[0];
  const created = await call("admin@acme.test", "POST", "/api/posting_periods", { start_date: start.format("YYYY-MM-DD") });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data;
}

async function setRule(rule: "REFUSE" | "NEXT_OPEN") {
  const company = await acme();
  const patched = await call("admin@acme.test", "PATCH", `/api/companies/${company}`, { closed_period_posting: rule });
  expect(patched.statusCode, patched.body).toBe(200);
}

describe("posting periods", () => {
  it("every posting carries its period: an invoice approved in an open month is posted in it, and says so", async () => {
    const date = lastMonth.add(3, "day").format("YYYY-MM-DD");
    const id = await submittedInvoice({ date });
    await approveAll("Invoice", id);
    const lines = await journalOf("Invoice", id);
    expect(lines.map((l) => [l.posting_period_name, l.prior_period])).toEqual([[monthName(lastMonth), false], [monthName(lastMonth), false]]);
    expect((await call("admin@acme.test", "GET", `/api/invoices/${id}`)).json().data).toMatchObject({ posting_period_name: monthName(lastMonth), prior_period: false });
    // a period is a calendar month; a second one for the same month is refused
    const again = await call("admin@acme.test", "POST", "/api/posting_periods", { start_date: lastMonth.add(9, "day").format("YYYY-MM-DD") });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.start_date).toEqual(["has already been taken"]);
  });

  it("last month closed: a posting into it is refused (422, nothing posted) and, with the company's rule, moved to the next open period marked prior period", async () => {
    const period = await periodOf(lastMonth);
    // only who holds the close key closes it
    expect((await call("ap@acme.test", "POST", `/api/posting_periods/${period.id}/close`)).statusCode).toBe(403);
    const closed = await call("admin@acme.test", "POST", `/api/posting_periods/${period.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: "CLOSED" });
    expect(closed.json().data.closed_at).toBeTruthy();

    await setRule("REFUSE");
    const date = lastMonth.add(14, "day").format("YYYY-MM-DD");
    const refusedId = await createdInvoice({ date });
    const refused = await submitAndApprove(refusedId);
    expect(refused?.statusCode).toBe(422);
    expect(refused?.json().errors.base).toEqual([`The posting period ${monthName(lastMonth)} is closed: nothing dated ${date} can be posted. Reopen the period or use a date in an open period.`]);
    expect(await journalOf("Invoice", refusedId)).toEqual([]);
    expect((await call("admin@acme.test", "GET", `/api/invoices/${refusedId}`)).json().data).toMatchObject({ posting_period_name: null, prior_period: false });
    expect(["NEW", "PENDING"]).toContain((await call("admin@acme.test", "GET", `/api/invoices/${refusedId}`)).json().data.status);

    await setRule("NEXT_OPEN");
    const movedId = await submittedInvoice({ date });
    await approveAll("Invoice", movedId);
    const thisMonth = monthName(lastMonth.add(1, "month"));
    const lines = await journalOf("Invoice", movedId);
    // the entry keeps its date; it is posted in the next open period
    expect(lines.map((l) => [String(l.date), l.posting_period_name, l.prior_period])).toEqual([[date, thisMonth, true], [date, thisMonth, true]]);
    expect((await call("admin@acme.test", "GET", `/api/invoices/${movedId}`)).json().data).toMatchObject({ status: "APPROVED", posting_period_name: thisMonth, prior_period: true });
    // nothing landed in the closed period
    const inClosed = await h.database.db.selectFrom("account_transactions").select("id").where("posting_period_id", "=", period.id).where("entry_number", "like", `%INV${movedId}-%`).execute();
    expect(inClosed).toEqual([]);
    await setRule("REFUSE");
  });

  it("reopening needs its key and a reason, and is audited", async () => {
    const period = await periodOf(lastMonth);
    if (period.status === "OPEN") expect((await call("admin@acme.test", "POST", `/api/posting_periods/${period.id}/close`)).statusCode).toBe(200);
    // the AP clerk and the read-only administrator hold no reopen key
    expect((await call("ap@acme.test", "POST", `/api/posting_periods/${period.id}/reopen`, { reason: "late invoice" })).statusCode).toBe(403);
    expect((await call("readonly@acme.test", "POST", `/api/posting_periods/${period.id}/reopen`, { reason: "late invoice" })).statusCode).toBe(403);
    const noReason = await call("admin@acme.test", "POST", `/api/posting_periods/${period.id}/reopen`, {});
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(["reason"]);
    expect((await call("admin@acme.test", "GET", `/api/posting_periods/${period.id}`)).json().data.status).toBe("CLOSED");

    const reopened = await call("admin@acme.test", "POST", `/api/posting_periods/${period.id}/reopen`, { reason: "Late utility invoice to book" });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.status).toBe("OPEN");
    const admin = await h.database.db.selectFrom("users").select("id").where("email", "=", "admin@acme.test").executeTakeFirstOrThrow();
    const trail = await h.database.db.selectFrom("activities").select(["user_id", "changes"]).where("item_type", "=", "posting_periods").where("item_id", "=", period.id)
      .orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(trail.user_id).toBe(admin.id);
    expect(trail.changes).toMatchObject({ action: "reopen", input: { reason: "Late utility invoice to book" } });
    // reopened, it takes postings again
    const id = await submittedInvoice({ date: lastMonth.add(20, "day").format("YYYY-MM-DD") });
    await approveAll("Invoice", id);
    expect((await journalOf("Invoice", id)).map((l) => [l.posting_period_name, l.prior_period])).toEqual([[monthName(lastMonth), false], [monthName(lastMonth), false]]);
  });

  it("the close checklist names the unapproved invoices, unmatched receipts, accruals to reverse and open runs of the period", async () => {
    const period = await periodOf(lastMonth);
    const pendingId = await submittedInvoice({ date: lastMonth.add(2, "day").format("YYYY-MM-DD") });
    const pending = (await call("admin@acme.test", "GET", `/api/invoices/${pendingId}`)).json().data;
    const checklist = await call("admin@acme.test", "GET", `/api/posting_periods/${period.id}/checklist`);
    expect(checklist.statusCode, checklist.body).toBe(200);
    const data = checklist.json().data;
    const company = await acme();
    const count = async (query: Promise<{ n: unknown }>) => Number((await query).n);
    const end = lastMonth.endOf("month").format("YYYY-MM-DD");
    const db = h.database.db;
    expect(data.unapproved_invoices_count).toBe(await count(db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).where("company_id", "=", company)
      .where("status", "in", ["DRAFT", "NEW", "PENDING"]).where("date", "<=", end).executeTakeFirstOrThrow()));
    expect(data.unapproved_invoices_count).toBeGreaterThan(0);
    expect(data.unapproved_invoices === "None" ? "" : data.unapproved_invoices).toMatch(data.unapproved_invoices_count > 20 ? /and \d+ more$/ : new RegExp(`${pending.number} \\(`));
    expect(data.open_payment_runs_count).toBe(await count(db.selectFrom("payment_runs").select((eb) => eb.fn.countAll().as("n")).where("company_id", "=", company)
      .where("status", "in", ["NEW", "SUBMITTED", "PENDING", "APPROVED", "OPEN"]).where("payment_date", "<=", end).executeTakeFirstOrThrow()));
    expect(data.accruals_to_reverse_count).toBe(await count(db.selectFrom("accruals").select((eb) => eb.fn.countAll().as("n")).where("company_id", "=", company)
      .where("status", "=", "OPEN").where("posted_on", "<=", end).where("reversed_on", "is", null).executeTakeFirstOrThrow()));
    expect(data.unmatched_receipts_count).toBe(await count(db.selectFrom("receipts").select((eb) => eb.fn.countAll().as("n")).where("company_id", "=", company)
      .where("status", "=", "SUBMITTED").where("invoice_id", "is", null).where("is_return", "=", false).where("received_date", "<=", end).executeTakeFirstOrThrow()));
    expect(data.ready_to_close).toBe(false);
    // another company's period is not found
    const globex = await h.companyId("Globex Ltd");
    const other = await h.app.inject({ method: "GET", url: `/api/posting_periods/${period.id}/checklist`, headers: await h.login("admin@globex.test", globex) });
    expect(other.statusCode).toBe(404);
  });
});

describe("exchange differences", () => {
  it("a EUR invoice booked at 1.08 and paid at 1.10 posts the realized loss; AP for it nets to zero in USD", async () => {
    const paymentDate = earliestPaymentDate();
    const invoiceDate = dayjs(paymentDate).subtract(5, "day").format("YYYY-MM-DD");
    await rate("EUR", invoiceDate, "1.0800");
    await rate("EUR", paymentDate, "1.1000");
    const id = await submittedInvoice({ date: invoiceDate, currency_code: "EUR", amount: "1000.00" });
    await approveAll("Invoice", id);
    const company = await acme();
    const usd = await h.database.db.selectFrom("payment_methods").selectAll().where("company_id", "=", company).where("owner_type", "=", "Company").where("is_default", "=", true).executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = usd;
    const eur = await h.database.db.insertInto("payment_methods").values({ ...copy, name: unique("EUR operating"), currency_code: "EUR", is_default: false }).returning("id").executeTakeFirstOrThrow();
    const run = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ invoice_id: id, amount: "1000.00", payment_method_from_id: eur.id }] });
    expect(run.statusCode, run.body).toBe(201);
    const runId = run.json().data.id as number;
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${runId}/submit`)).statusCode).toBe(200);
    await approveAll("PaymentRun", runId);
    const processed = await call("admin@acme.test", "POST", `/api/payment_runs/${runId}/process`);
    expect(processed.statusCode, processed.body).toBe(200);

    const payment = await h.database.db.selectFrom("payments").select(["id", "exchange_rate"]).where("payment_run_id", "=", runId).executeTakeFirstOrThrow();
    expect(money(String(payment.exchange_rate)).toFixed(4)).toBe("1.1000");
    const paymentLines = await journalOf("Payment", payment.id);
    const realized = paymentLines.filter((l) => String(l.entry_number).endsWith("-2"));
    expect(netOf(realized)).toEqual({ 7900: "20.00", 2000: "-20.00" });
    // the invoice credited AP 1,080.00, the payment debited 1,100.00, the difference credited back 20.00
    const invoiceLines = await journalOf("Invoice", id);
    expect(money(netOf([...invoiceLines, ...paymentLines])["2000"]).toFixed(2)).toBe("0.00");

    // the payment fails: its reversal takes the realized difference back too
    const failed = await call("admin@acme.test", "POST", `/api/payments/${payment.id}/fail`, { return_code: "R01" });
    expect(failed.statusCode, failed.body).toBe(200);
    const after = netOf(await journalOf("Payment", payment.id));
    expect(Object.values(after).every((v) => v === "0.00")).toBe(true);
  });

  it("month-end revaluation of open foreign balances, reversed on day 1 of the next period by the job", async () => {
    const month = dayjs("2026-08-01");
    const end = month.endOf("month").format("YYYY-MM-DD");
    await rate("GBP", "2026-08-03", "1.2500");
    await rate("GBP", "2026-08-31", "1.3000");
    const id = await submittedInvoice({ date: "2026-08-05", currency_code: "GBP", amount: "2000.00" });
    await approveAll("Invoice", id);
    const period = await periodOf(month);
    const company = await acme();
    const db = h.database.db;
    // what the revaluation should be: every open foreign balance at August's end rates (the demo's included)
    const expected = await revaluationOf(db, company, end);
    const number = (await call("admin@acme.test", "GET", `/api/invoices/${id}`)).json().data.number as string;
    const ours = expected.lines.find((l) => l.document === `Invoice ${number}`);
    expect(ours).toMatchObject({ currency: "GBP", balance: "2000.00", difference: "100.00" });
    const total = expected.lines.reduce((t, l) => t.plus(l.difference), money(0)).toFixed(2);

    // the job on September 1st: August is the month that just ended; revalued at its end, reversed on September 1st
    const touched = await runRevaluations(db, "2026-09-01");
    expect(touched).toContain(period.id);
    const lines = await db.selectFrom("account_transactions as t").innerJoin("accounts as a", "a.id", "t.account_id")
      .select(["t.entry_number", "t.date", "a.number", "t.debit_amount", "t.credit_amount", "t.posting_period_name"])
      .where("t.account_transactionable_type", "=", "PostingPeriod").where("t.account_transactionable_id", "=", period.id).orderBy("t.id").execute();
    const revaluation = lines.filter((l) => String(l.entry_number).endsWith("-1"));
    const reversal = lines.filter((l) => String(l.entry_number).endsWith("-2"));
    expect(new Set(revaluation.map((l) => `${String(l.date)} ${String(l.posting_period_name)}`))).toEqual(new Set([`${end} Aug 2026`]));
    expect(netOf(revaluation)).toEqual({ 7910: total, 2000: money(total).negated().toFixed(2) });
    expect(new Set(reversal.map((l) => `${String(l.date)} ${String(l.posting_period_name)}`))).toEqual(new Set(["2026-09-01 Sep 2026"]));
    expect(netOf(reversal)).toEqual({ 7910: money(total).negated().toFixed(2), 2000: total });
    const stored = await db.selectFrom("posting_periods").select(["revalued_on", "revaluation_reversed_on"]).where("id", "=", period.id).executeTakeFirstOrThrow();
    expect([String(stored.revalued_on), String(stored.revaluation_reversed_on)]).toEqual([end, "2026-09-01"]);
    // a second run changes nothing
    const count = async () => (await db.selectFrom("account_transactions").select((eb) => eb.fn.countAll().as("n")).where("account_transactionable_type", "=", "PostingPeriod").executeTakeFirstOrThrow()).n;
    const before = await count();
    expect(await runRevaluations(db, "2026-09-01")).not.toContain(period.id);
    expect(await count()).toEqual(before);
  });

  it("every chart has the exchange accounts: the demo's, and a new company's", async () => {
    for (const name of ["Acme Corp", "Globex Ltd"]) {
      const company = await h.companyId(name);
      const numbers = (await h.database.db.selectFrom("accounts").select("number").where("company_id", "=", company).where("number", "in", ["7900", "7910"]).execute()).map((a) => a.number).sort();
      expect(numbers, name).toEqual(["7900", "7910"]);
    }
    const created = await h.database.db.transaction().execute((trx) => createCompany(trx, { name: unique("New Co"), currency_code: "CAD", company_date_format: "DD/MM/YYYY" },
      { email: `${unique("owner")}@new.test`, name: "New Owner", passwordHash: "x" }));
    const chart = await h.database.db.selectFrom("accounts").select(["number", "name"]).where("company_id", "=", created.company.id).orderBy("number").execute();
    expect(chart).toEqual([{ number: "7900", name: "Realized Exchange Gain/Loss" }, { number: "7910", name: "Unrealized Exchange Gain/Loss" }]);
  });
});
