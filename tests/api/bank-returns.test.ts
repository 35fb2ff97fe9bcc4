/**
 * The bank's return file from the returns screen (issue 31 item 1): a preview that writes nothing,
 * then the apply — returns (R-codes) fail their payments and reopen the invoices, a notification of
 * change (C-code) corrects the vendor's method and puts it back through approval — and the same file
 * applied again changes nothing.
 */
import { describe, expect, it } from "vitest";
import { isoDate } from "../../src/framework/dates.js";
import { money } from "../../src/framework/money.js";
import { postPayment } from "../../src/server/domain/ledger/ledger.js";
import { useApp } from "./harness.js";

const h = useApp();
type Json = Record<string, unknown>;
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

function record(fields: [number, string][]): string {
  const chars = Array<string>(94).fill(" ");
  for (const [from, text] of fields) [...text].forEach((c, i) => (chars[from - 1 + i] = c));
  return chars.join("");
}
const entry = (paymentNumber: string, amount: string, trace: string, code = "22") =>
  record([[1, "6"], [2, code], [4, "02100002"], [12, "1"], [30, money(amount).times(100).toFixed(0).padStart(10, "0")], [40, paymentNumber], [80, trace]]);
const returnAddenda = (code: string, trace: string) => record([[1, "7"], [2, "99"], [4, code], [7, trace]]);
const changeAddenda = (code: string, trace: string, corrected: string) => record([[1, "7"], [2, "98"], [4, code], [7, trace], [28, "02100002"], [36, corrected]]);

async function acme() {
  const db = h.database.db;
  const company = await h.companyId("Acme Corp");
  const vendor = await db.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
  const from = await db.selectFrom("payment_methods").select("id").where("company_id", "=", company).where("owner_type", "=", "Company").where("is_default", "=", true).executeTakeFirstOrThrow();
  return { company, vendorId: vendor.id as number, vendorName: String(vendor.name), fromId: from.id as number };
}

/** A vendor ACH method of its own (ACTIVE, as an approved one is), so a change to it touches no other test's. */
async function achMethod(): Promise<number> {
  const { company, vendorId } = await acme();
  return (await h.database.db.insertInto("payment_methods").values({
    company_id: company, owner_type: "Vendor", vendor_id: vendorId, payment_type: "ach", name: unique("ACH"), account_name: "Acme Vendor",
    routing: "021000021", account_number: "11112222", account_type: "checking", currency_code: "USD", country: "US", status: "ACTIVE", is_default: false,
  }).returning("id").executeTakeFirstOrThrow()).id as number;
}

/** An invoice of 1000.00 paid `amount` by a PROCESSING ACH payment with a trace number, settled and posted as processing leaves it. */
async function sent(amount: string, methodId: number) {
  const { company, vendorId, fromId } = await acme();
  const db = h.database.db;
  const invoice = await db.insertInto("invoices").values({
    company_id: company, number: unique("INV"), vendor_id: vendorId, date: "2026-10-01", due_date: "2026-11-01", amount: "1000.00", currency_code: "USD",
    status: "OPEN", debit_entries: JSON.stringify([{ account_number: "6000", amount: "1000.00" }]),
    payments_sum: amount, balance_outstanding: money("1000.00").minus(amount).toFixed(2), outstanding_balance_pending: money("1000.00").minus(amount).toFixed(2),
  }).returning(["id", "number"]).executeTakeFirstOrThrow();
  const paymentNumber = unique("PAY");
  const trace = `0210000${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}${sequence % 10}`.slice(0, 15);
  const payment = await db.insertInto("payments").values({
    company_id: company, payment_number: paymentNumber, vendor_id: vendorId, payment_date: isoDate(), amount, balance: "0", currency_code: "USD",
    payment_type: "ach", record_type: "DEBIT", status: "PROCESSING", payment_method_id: methodId, payment_method_from_id: fromId, trace_number: trace,
  }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("invoice_payment_links").values({ company_id: company, invoice_id: invoice.id, payment_id: payment.id, amount }).execute();
  await postPayment(db, company, { id: payment.id as number, payment_number: paymentNumber, amount, payment_date: isoDate(), currency_code: "USD", exchange_rate: "1", payment_method_from_id: fromId });
  return { invoiceId: invoice.id as number, invoiceNumber: String(invoice.number), paymentId: payment.id as number, paymentNumber, trace, amount };
}

const post = async (email: string, url: string, payload: object | string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: "POST", url, headers: { ...(await h.login(email)), ...headers }, payload });

/** What a file can change, read back whole: payments, invoices, the method, the journal, approvals. */
async function state(paymentIds: number[], invoiceIds: number[], methodId: number) {
  const db = h.database.db;
  return {
    payments: await db.selectFrom("payments").select(["id", "status", "return_code", "updated_at"]).where("id", "in", paymentIds).orderBy("id").execute(),
    invoices: await db.selectFrom("invoices").select(["id", "status", "payments_sum", "balance_outstanding", "outstanding_balance_pending", "updated_at"]).where("id", "in", invoiceIds).orderBy("id").execute(),
    method: await db.selectFrom("payment_methods").select(["routing", "account_number", "account_type", "status", "updated_at"]).where("id", "=", methodId).executeTakeFirstOrThrow(),
    journal: (await db.selectFrom("account_transactions").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n,
    approvals: (await db.selectFrom("approvals").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n,
    // the history of what a file touches (signing in writes history of its own)
    activities: (await db.selectFrom("activities").select((eb) => eb.fn.countAll<string>().as("n"))
      .where("item_type", "in", ["payments", "invoices", "payment_methods", "payment_runs"]).executeTakeFirstOrThrow()).n,
  };
}

/** Three returns (R01, R02, R03) and one notification of change (C03: new routing and account number). */
async function returnFile() {
  const methodId = await achMethod();
  const a = await sent("125.00", methodId);
  const b = await sent("80.10", methodId);
  const c = await sent("42.00", methodId);
  const d = await sent("300.00", methodId);
  const text = [
    record([[1, "1"], [2, "01"]]),
    entry(a.paymentNumber, a.amount, a.trace), returnAddenda("R01", a.trace),
    entry(b.paymentNumber, b.amount, b.trace), returnAddenda("R02", b.trace),
    entry(c.paymentNumber, c.amount, c.trace), returnAddenda("R03", c.trace),
    entry(d.paymentNumber, "0.00", d.trace, "21"), changeAddenda("C03", d.trace, "026009593   987654321"),
    record([[1, "9"]]),
  ].join("\n");
  return { methodId, returned: [a, b, c], changed: d, text };
}

describe("bank return files: preview and apply", () => {
  it("previews each line's payment, trace number, code, plain reason and what will change, writing nothing", async () => {
    const file = await returnFile();
    const before = await state([...file.returned, file.changed].map((p) => p.paymentId), [...file.returned, file.changed].map((p) => p.invoiceId), file.methodId);
    const response = await post("ap@acme.test", "/api/nacha_payments/returns/preview", { file_text: file.text });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().data.entries as Json[];
    expect(entries.map((e) => [e.kind, e.code, e.result, e.payment_number, e.trace_number])).toEqual([
      ["return", "R01", "fail", file.returned[0].paymentNumber, file.returned[0].trace],
      ["return", "R02", "fail", file.returned[1].paymentNumber, file.returned[1].trace],
      ["return", "R03", "fail", file.returned[2].paymentNumber, file.returned[2].trace],
      ["change", "C03", "change", file.changed.paymentNumber, file.changed.trace],
    ]);
    expect(entries[1]).toMatchObject({ reason: "Account Closed", plain_reason: "The vendor closed this bank account.", invoices: [{ id: file.returned[1].invoiceId, number: file.returned[1].invoiceNumber, amount: "80.10" }] });
    expect(entries[3].changes).toEqual([{ field: "routing", from: "021000021", to: "026009593" }, { field: "account_number", from: "••••2222", to: "••••4321" }]);
    expect(JSON.stringify(entries)).not.toContain("987654321");
    expect(await state([...file.returned, file.changed].map((p) => p.paymentId), [...file.returned, file.changed].map((p) => p.invoiceId), file.methodId)).toEqual(before);
  });

  it("3 R-codes and 1 NOC applied: the payments fail, their invoices reopen, the method goes back through approval; the same file again changes nothing", async () => {
    const file = await returnFile();
    const first = await post("ap@acme.test", "/api/nacha_payments/returns", { file_text: file.text });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json().data.entries as Json[]).map((e) => e.result)).toEqual(["failed", "failed", "failed", "changed"]);
    const db = h.database.db;
    for (const [i, p] of file.returned.entries()) {
      expect(await db.selectFrom("payments").select(["status", "return_code"]).where("id", "=", p.paymentId).executeTakeFirstOrThrow()).toEqual({ status: "FAILED", return_code: ["R01", "R02", "R03"][i] });
      expect(await db.selectFrom("invoices").select(["status", "payments_sum", "balance_outstanding"]).where("id", "=", p.invoiceId).executeTakeFirstOrThrow())
        .toEqual({ status: "APPROVED", payments_sum: "0.00", balance_outstanding: "1000.00" });
      const lines = await db.selectFrom("account_transactions").select(["debit_amount", "credit_amount"]).where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", p.paymentId).execute();
      expect(lines.reduce((t, l) => t.plus(String(l.debit_amount)).minus(String(l.credit_amount)), money(0)).toFixed(2)).toBe("0.00");
    }
    // the NOC: corrected details, the method PENDING with an approval to decide; its payment is untouched
    const method = await db.selectFrom("payment_methods").select(["routing", "account_number", "status"]).where("id", "=", file.methodId).executeTakeFirstOrThrow();
    expect(method).toEqual({ routing: "026009593", account_number: "987654321", status: "PENDING" });
    const approvals = await db.selectFrom("approvals").select("id").where("approvable_type", "=", "PaymentMethod").where("approvable_id", "=", file.methodId).execute();
    expect(approvals.length).toBeGreaterThan(0);
    expect((await db.selectFrom("payments").select("status").where("id", "=", file.changed.paymentId).executeTakeFirstOrThrow()).status).toBe("PROCESSING");
    const totals = await db.selectFrom("account_transactions").select((eb) => [eb.fn.sum<string>("debit_amount").as("d"), eb.fn.sum<string>("credit_amount").as("c")]).executeTakeFirstOrThrow();
    expect(money(String(totals.d)).eq(String(totals.c))).toBe(true);

    const all = [...file.returned, file.changed];
    const after = await state(all.map((p) => p.paymentId), all.map((p) => p.invoiceId), file.methodId);
    const again = await post("ap@acme.test", "/api/nacha_payments/returns", { file_text: file.text });
    expect(again.statusCode).toBe(200);
    expect((again.json().data.entries as Json[]).map((e) => e.result)).toEqual(["unchanged", "unchanged", "unchanged", "unchanged"]);
    expect(await state(all.map((p) => p.paymentId), all.map((p) => p.invoiceId), file.methodId)).toEqual(after);
    const preview = await post("ap@acme.test", "/api/nacha_payments/returns/preview", { file_text: file.text });
    expect((preview.json().data.entries as Json[]).map((e) => e.result)).toEqual(["unchanged", "unchanged", "unchanged", "unchanged"]);
  });

  it("refuses who may not pay (403) and a file with neither returns nor changes (422); an unknown change code corrects nothing", async () => {
    const file = await returnFile();
    expect((await post("approver@acme.test", "/api/nacha_payments/returns/preview", { file_text: file.text })).statusCode).toBe(403);
    expect((await post("vendor@northwind.test", "/api/nacha_payments/returns/preview", { file_text: file.text })).statusCode).toBe(403);
    const empty = await post("ap@acme.test", "/api/nacha_payments/returns/preview", { file_text: record([[1, "1"]]) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.file_text[0]).toContain("no returned entry or notification of change");
    const d = file.changed;
    const odd = await post("ap@acme.test", "/api/nacha_payments/returns", { file_text: [entry(d.paymentNumber, "0.00", d.trace, "21"), changeAddenda("C13", d.trace, "")].join("\n") });
    expect(odd.json().data.entries[0]).toMatchObject({ result: "refused", code: "C13" });
    // another company's file matches nothing of Acme's
    expect((await post("admin@globex.test", "/api/nacha_payments/returns/preview", { file_text: file.text })).json().data.entries.map((e: Json) => e.result)).toEqual(["unmatched", "unmatched", "unmatched", "unmatched"]);
  });
});
