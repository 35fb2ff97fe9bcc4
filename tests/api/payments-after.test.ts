/**
 * After payment (issue 5 item 5): clear, fail (R-code), void, void as refunded, reissue, run closing,
 * NACHA return files, check PDF, check register, wire instructions, remittance advice.
 * Fixtures are built the way processing leaves them: an invoice paid by a PROCESSING payment whose
 * entry (debit AP, credit bank) is posted, so the assertions can be exact.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { isoDate } from "../../src/framework/dates.js";
import { money } from "../../src/framework/money.js";
import { postPayment } from "../../src/server/domain/ledger/ledger.js";
import { payableFixture } from "../bench/payables-fixture.js";
import { auditNacha } from "../support/nacha-audit.js";
import { useApp } from "./harness.js";

const h = useApp();
type Json = Record<string, unknown>;

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

/** Acme, its first vendor paid by ACH (with that method) and its default originating account (ACH, with the NACHA fields). */
async function acme() {
  const db = h.database.db;
  const company = await h.companyId("Acme Corp");
  const vendor = await db.selectFrom("vendors as v").innerJoin("payment_methods as m", "m.vendor_id", "v.id").select(["v.id", "v.name", "m.id as method_id"])
    .where("v.company_id", "=", company).where("m.owner_type", "=", "Vendor").where("m.payment_type", "=", "ach").where("m.status", "=", "ACTIVE")
    .orderBy("v.id").orderBy("m.id").executeTakeFirstOrThrow();
  const from = await db.selectFrom("payment_methods").select("id").where("company_id", "=", company).where("owner_type", "=", "Company")
    .where("is_default", "=", true).executeTakeFirstOrThrow();
  return { company, vendorId: vendor.id as number, vendorName: String(vendor.name), achMethodId: vendor.method_id as number, fromId: from.id as number };
}

async function run(status: string) {
  const { company } = await acme();
  return (await h.database.db.insertInto("payment_runs").values({ company_id: company, number: unique("PR"), payment_date: isoDate(), currency_code: "USD", status })
    .returning("id").executeTakeFirstOrThrow()).id as number;
}

interface Fixture {
  invoiceId: number;
  paymentId: number;
  paymentNumber: string;
}

/**
 * An invoice of `amount` paid `paid` by one payment in `status` (PROCESSING by default: settled and
 * posted; PENDING / APPROVED: only reserved), optionally in a run and of a payment type. An ACH
 * payment goes, as processing makes them, to the vendor's ACH method from the default originating account.
 */
async function paid(options: { amount?: string; paid?: string; status?: string; runId?: number; type?: string; methodId?: number | null; fromId?: number | null } = {}): Promise<Fixture> {
  const { company, vendorId, achMethodId, fromId: achFrom } = await acme();
  const { amount = "1000.00", paid: part = "400.00", status = "PROCESSING", runId = null, type = "ach" } = options;
  const methodId = options.methodId !== undefined ? options.methodId : type === "ach" ? achMethodId : null;
  const fromId = options.fromId !== undefined ? options.fromId : type === "ach" ? achFrom : null;
  const db = h.database.db;
  const settled = !["PENDING", "APPROVED"].includes(status);
  const open = money(amount).minus(settled ? part : 0).toFixed(2);
  const invoice = await db.insertInto("invoices").values({
    company_id: company, number: unique("INV"), vendor_id: vendorId, date: "2026-10-01", due_date: "2026-11-01", amount, currency_code: "USD",
    status: settled && money(part).eq(amount) ? "PAID" : settled ? "OPEN" : "APPROVED", debit_entries: JSON.stringify([{ account_number: "6000", amount }]),
    payments_sum: settled ? part : "0", balance_outstanding: open, outstanding_balance_pending: money(open).minus(settled ? 0 : part).toFixed(2),
  }).returning("id").executeTakeFirstOrThrow();
  const paymentNumber = unique("PAY");
  const payment = await db.insertInto("payments").values({
    company_id: company, payment_number: paymentNumber, vendor_id: vendorId, payment_date: isoDate(), amount: part, balance: "0", currency_code: "USD",
    payment_type: type, record_type: "DEBIT", status, payment_run_id: runId, payment_method_id: methodId, payment_method_from_id: fromId,
  }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("invoice_payment_links").values({ company_id: company, invoice_id: invoice.id, payment_id: payment.id, amount: part }).execute();
  if (settled) await postPayment(db, company, { id: payment.id as number, payment_number: paymentNumber, amount: part, payment_date: isoDate(), currency_code: "USD", exchange_rate: "1", payment_method_from_id: fromId });
  return { invoiceId: invoice.id as number, paymentId: payment.id as number, paymentNumber };
}

const post = async (email: string, url: string, payload?: object | string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: "POST", url, headers: { ...(await h.login(email)), ...headers }, ...(payload !== undefined ? { payload } : {}) });
const get = async (email: string, url: string) => h.app.inject({ url, headers: await h.login(email) });

async function invoiceOf(id: number) {
  return (await h.database.db.selectFrom("invoices").select(["status", "payments_sum", "balance_outstanding", "outstanding_balance_pending"])
    .where("id", "=", id).executeTakeFirstOrThrow()) as Record<string, string>;
}

async function paymentOf(id: number) {
  return (await h.database.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Json;
}

/** The net of a payment's journal lines per account (debit − credit), and the company's totals. */
async function journalOf(paymentId: number) {
  const { company } = await acme();
  const lines = await h.database.db.selectFrom("account_transactions").select(["account_id", "entry_number", "debit_amount", "credit_amount"])
    .where("company_id", "=", company).where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", paymentId).execute();
  const net = lines.reduce((t, l) => t.plus(String(l.debit_amount)).minus(String(l.credit_amount)), money(0));
  const entries = new Set(lines.map((l) => l.entry_number));
  const balancedEntries = [...entries].every((e) => {
    const own = lines.filter((l) => l.entry_number === e);
    return own.reduce((t, l) => t.plus(String(l.debit_amount)), money(0)).eq(own.reduce((t, l) => t.plus(String(l.credit_amount)), money(0)));
  });
  const byAccount = new Map<number, string>();
  for (const l of lines) byAccount.set(l.account_id as number, money(byAccount.get(l.account_id as number) ?? 0).plus(String(l.debit_amount)).minus(String(l.credit_amount)).toFixed(2));
  const totals = await h.database.db.selectFrom("account_transactions").select((eb) => [eb.fn.sum<string>("debit_amount").as("d"), eb.fn.sum<string>("credit_amount").as("c")])
    .where("company_id", "=", company).executeTakeFirstOrThrow();
  return { entries: entries.size, net: net.toFixed(2), balancedEntries, byAccount, companyBalanced: money(String(totals.d)).eq(String(totals.c)) };
}

describe("payment transitions", () => {
  it("clear: PROCESSING → CLEARED and PROCESSING (REISSUED) → CLEARED (REISSUED); a second clear is a conflict", async () => {
    const a = await paid();
    const cleared = await post("ap@acme.test", `/api/payments/${a.paymentId}/clear`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ id: a.paymentId, status: "CLEARED" });
    expect((await post("ap@acme.test", `/api/payments/${a.paymentId}/clear`)).statusCode).toBe(409);
    const b = await paid({ status: "PROCESSING (REISSUED)" });
    expect((await post("admin@acme.test", `/api/payments/${b.paymentId}/clear`)).json().data.status).toBe("CLEARED (REISSUED)");
    // the balances of a cleared payment do not move
    expect(await invoiceOf(a.invoiceId)).toMatchObject({ status: "OPEN", payments_sum: "400.00", balance_outstanding: "600.00", outstanding_balance_pending: "600.00" });
    // the declared action's row (who ran which action), then the transition's own (what changed)
    const activities = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "payments").where("item_id", "=", a.paymentId).orderBy("id").execute();
    expect(activities.map((row) => row.changes)).toEqual([{ action: "clear" }, { status: ["PROCESSING", "CLEARED"] }]);
  });

  it("refuses who may not pay (403), vendor-portal users (403) and other companies' payments (404)", async () => {
    const a = await paid();
    for (const email of ["approver@acme.test", "readonly@acme.test", "staff@acme.test", "vendor@northwind.test"]) {
      for (const action of ["clear", "fail", "void", "reissue"]) {
        expect((await post(email, `/api/payments/${a.paymentId}/${action}`, { return_code: "R01" })).statusCode, `${email} ${action}`).toBe(403);
      }
    }
    for (const action of ["clear", "fail", "void", "reissue"]) {
      expect((await post("admin@globex.test", `/api/payments/${a.paymentId}/${action}`, { return_code: "R01" })).statusCode).toBe(404);
    }
    expect((await post("ap@acme.test", "/api/payments/999999999/clear")).statusCode).toBe(404);
    expect((await paymentOf(a.paymentId)).status).toBe("PROCESSING");
  });

  it("fail: stores the R-code, reopens the invoice balances exactly and reverses the journal entry", async () => {
    const a = await paid({ amount: "1000.00", paid: "400.00" });
    const bad = await post("ap@acme.test", `/api/payments/${a.paymentId}/fail`, { return_code: "insufficient" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.return_code).toBeDefined();
    const failed = await post("ap@acme.test", `/api/payments/${a.paymentId}/fail`, { return_code: "r01", reason: "Insufficient Funds" });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toMatchObject({ status: "FAILED", return_code: "R01", return_reason: "Insufficient Funds" });
    expect(await invoiceOf(a.invoiceId)).toEqual({ status: "APPROVED", payments_sum: "0.00", balance_outstanding: "1000.00", outstanding_balance_pending: "1000.00" });
    const journal = await journalOf(a.paymentId);
    expect(journal).toMatchObject({ entries: 2, net: "0.00", balancedEntries: true, companyBalanced: true });
    expect([...journal.byAccount.values()]).toEqual(["0.00", "0.00"]);
    expect((await post("ap@acme.test", `/api/payments/${a.paymentId}/fail`, { return_code: "R01" })).statusCode).toBe(409);
    expect((await journalOf(a.paymentId)).entries).toBe(2);
  });

  it("fail of a fully paid invoice's payment puts the invoice back to OPEN when other payments remain", async () => {
    const a = await paid({ amount: "500.00", paid: "500.00" });
    expect((await invoiceOf(a.invoiceId)).status).toBe("PAID");
    // a second, earlier payment of 200 on the same invoice would leave it OPEN: settle 200 of it by hand
    await h.database.db.updateTable("invoices").set({ amount: "700.00", payments_sum: "700.00" }).where("id", "=", a.invoiceId).execute();
    expect((await post("ap@acme.test", `/api/payments/${a.paymentId}/fail`, { return_code: "R02" })).statusCode).toBe(200);
    expect(await invoiceOf(a.invoiceId)).toMatchObject({ status: "OPEN", payments_sum: "200.00", balance_outstanding: "500.00", outstanding_balance_pending: "500.00" });
  });

  it("concurrent fails and voids of one payment: exactly one succeeds, the balances reopen once", async () => {
    const a = await paid({ amount: "900.00", paid: "300.00" });
    const headers = await h.login("ap@acme.test");
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => h.app.inject({
      method: "POST", url: `/api/payments/${a.paymentId}/${i % 2 ? "void" : "fail"}`, headers, payload: { return_code: "R01" },
    })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await invoiceOf(a.invoiceId)).toEqual({ status: "APPROVED", payments_sum: "0.00", balance_outstanding: "900.00", outstanding_balance_pending: "900.00" });
    expect(await journalOf(a.paymentId)).toMatchObject({ entries: 2, net: "0.00" });
  });

  it("void: a payment in flight is voided and reopened; a cleared one only as refunded; a scheduled one releases its reservation", async () => {
    const inFlight = await paid();
    expect((await post("ap@acme.test", `/api/payments/${inFlight.paymentId}/void`)).json().data.status).toBe("VOID");
    expect(await invoiceOf(inFlight.invoiceId)).toMatchObject({ status: "APPROVED", payments_sum: "0.00", balance_outstanding: "1000.00", outstanding_balance_pending: "1000.00" });
    expect((await journalOf(inFlight.paymentId)).net).toBe("0.00");
    expect((await post("ap@acme.test", `/api/payments/${inFlight.paymentId}/void`)).statusCode).toBe(409);

    const cleared = await paid({ status: "CLEARED" });
    const refused = await post("ap@acme.test", `/api/payments/${cleared.paymentId}/void`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.base[0]).toContain("only be voided as refunded");
    const refunded = await post("ap@acme.test", `/api/payments/${cleared.paymentId}/void`, { refunded: true });
    expect(refunded.json().data.status).toBe("VOID (REFUNDED)");
    expect(await invoiceOf(cleared.invoiceId)).toMatchObject({ payments_sum: "0.00", balance_outstanding: "1000.00" });
    expect((await journalOf(cleared.paymentId))).toMatchObject({ net: "0.00", companyBalanced: true });

    const scheduled = await paid({ status: "APPROVED", paid: "250.00" });
    expect((await invoiceOf(scheduled.invoiceId)).outstanding_balance_pending).toBe("750.00");
    expect((await post("ap@acme.test", `/api/payments/${scheduled.paymentId}/void`)).json().data.status).toBe("VOID");
    expect(await invoiceOf(scheduled.invoiceId)).toEqual({ status: "APPROVED", payments_sum: "0.00", balance_outstanding: "1000.00", outstanding_balance_pending: "1000.00" });
    expect((await journalOf(scheduled.paymentId)).entries).toBe(0);

    const inRun = await paid({ status: "APPROVED", runId: await run("APPROVED") });
    expect((await post("ap@acme.test", `/api/payments/${inRun.paymentId}/void`)).statusCode).toBe(409);
    expect((await paymentOf(inRun.paymentId)).status).toBe("APPROVED");
  });

  it("reissue: a failed payment becomes a new PROCESSING (REISSUED) payment settling the same invoices, once", async () => {
    const a = await paid();
    expect((await post("ap@acme.test", `/api/payments/${a.paymentId}/reissue`)).statusCode).toBe(409); // still in flight
    await post("ap@acme.test", `/api/payments/${a.paymentId}/fail`, { return_code: "R03" });
    const reissued = await post("ap@acme.test", `/api/payments/${a.paymentId}/reissue`);
    expect(reissued.statusCode).toBe(201);
    const copy = reissued.json().data;
    expect(copy).toMatchObject({ status: "PROCESSING (REISSUED)", reissue_of_id: a.paymentId, amount: "400.00", payment_date: earliestPaymentDate(), vendor_id: (await acme()).vendorId });
    expect(copy.invoice_payment_links).toEqual([expect.objectContaining({ invoice_id: a.invoiceId, amount: "400.00" })]);
    expect(await invoiceOf(a.invoiceId)).toEqual({ status: "OPEN", payments_sum: "400.00", balance_outstanding: "600.00", outstanding_balance_pending: "600.00" });
    expect(await journalOf(copy.id)).toMatchObject({ entries: 1, net: "0.00", balancedEntries: true, companyBalanced: true });
    const again = await post("ap@acme.test", `/api/payments/${a.paymentId}/reissue`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.base[0]).toContain("already been reissued");
  });

  it("reissue of an ACH payment writes its NACHA file (NEW, linked to the run) holding exactly the reissued amount, once", async () => {
    const runId = await run("OPEN");
    const a = await paid({ runId, paid: "275.35" });
    const { fromId } = await acme();
    const files = () => h.database.db.selectFrom("nacha_payments").selectAll().where("payment_run_id", "=", runId).execute();
    await post("ap@acme.test", `/api/payments/${a.paymentId}/fail`, { return_code: "R01" });
    expect(await files()).toEqual([]);
    const reissued = await post("ap@acme.test", `/api/payments/${a.paymentId}/reissue`);
    expect(reissued.statusCode, reissued.body).toBe(201);
    const copy = await paymentOf(reissued.json().data.id as number);
    const [file, ...more] = await files();
    expect(more).toEqual([]);
    expect(file).toMatchObject({ status: "NEW", amount: "275.35", currency_code: "USD", entry_count: 1, payment_method_from_id: fromId, payment_date: earliestPaymentDate() });
    const created = await h.database.db.selectFrom("activities").select(["event", "changes"]).where("item_type", "=", "nacha_payments").where("item_id", "=", file.id).execute();
    expect(created).toEqual([{ event: "create", changes: expect.objectContaining({ amount: [null, "275.35"], content: "[FILTERED]" }) }]);
    const listed = (await get("ap@acme.test", `/api/nacha_payments?payment_run_id=${runId}`)).json().data as Json[];
    expect(listed.map((f) => f.id)).toEqual([file.id]);
    const content = String((await get("ap@acme.test", `/api/nacha_payments/${file.id}/file`)).body);
    const audit = auditNacha(content);
    expect(audit.lines.every((l) => l.length === 94)).toBe(true);
    expect(audit.lines.length % 10).toBe(0);
    expect(audit.entries).toEqual([expect.objectContaining({ amountCents: 27535n, idNumber: `${a.paymentNumber}-R`, trace: copy.trace_number, transactionCode: "22" })]);
    const invoice = (await h.database.db.selectFrom("invoices").select("number").where("id", "=", a.invoiceId).executeTakeFirstOrThrow()).number;
    expect(audit.entries[0].addenda).toEqual([String(invoice)]);
    expect(audit.file).toMatchObject({ batchCount: 1, count: audit.computed.count, hash: audit.computed.hash, credit: 27535n });
    expect(audit.batches.every((b) => b.controlCount === b.count && b.controlHash === b.hash && b.controlCredit === b.credit)).toBe(true);
    // a second reissue of the same payment is refused and writes no second file
    expect((await post("ap@acme.test", `/api/payments/${a.paymentId}/reissue`)).statusCode).toBe(409);
    expect((await files()).length).toBe(1);
  });

  it("an ACH reissue without an originating account is refused (409) with nothing written; a check reissue writes no NACHA file", async () => {
    const a = await paid({ fromId: null });
    await post("ap@acme.test", `/api/payments/${a.paymentId}/void`);
    const count = async (table: "payments" | "nacha_payments") => (await h.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n;
    const [payments, files] = [await count("payments"), await count("nacha_payments")];
    const refused = await post("ap@acme.test", `/api/payments/${a.paymentId}/reissue`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.base[0]).toContain("no originating account");
    expect([await count("payments"), await count("nacha_payments")]).toEqual([payments, files]);
    expect(await invoiceOf(a.invoiceId)).toMatchObject({ payments_sum: "0.00", outstanding_balance_pending: "1000.00" });

    const check = await paid({ type: "check" });
    await post("ap@acme.test", `/api/payments/${check.paymentId}/void`);
    expect((await post("ap@acme.test", `/api/payments/${check.paymentId}/reissue`)).statusCode).toBe(201);
    expect(await count("nacha_payments")).toBe(files);
  });

  it("reissue is refused, with nothing written, when the invoice's balance is no longer open", async () => {
    const a = await paid();
    await post("ap@acme.test", `/api/payments/${a.paymentId}/void`);
    // another run has reserved the reopened balance meanwhile
    await h.database.db.updateTable("invoices").set({ outstanding_balance_pending: "100.00" }).where("id", "=", a.invoiceId).execute();
    const before = await h.database.db.selectFrom("payments").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const refused = await post("ap@acme.test", `/api/payments/${a.paymentId}/reissue`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.base[0]).toContain("open balance");
    expect(await h.database.db.selectFrom("payments").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).toEqual(before);
    expect(await invoiceOf(a.invoiceId)).toMatchObject({ payments_sum: "0.00", outstanding_balance_pending: "100.00" });
  });

  it("a processed run closes when all its payments are final, and opens again for a reissue", async () => {
    const runId = await run("OPEN");
    const a = await paid({ runId });
    const b = await paid({ runId });
    const status = async () => (await h.database.db.selectFrom("payment_runs").select("status").where("id", "=", runId).executeTakeFirstOrThrow()).status;
    await post("ap@acme.test", `/api/payments/${a.paymentId}/clear`);
    expect(await status()).toBe("OPEN");
    await post("ap@acme.test", `/api/payments/${b.paymentId}/fail`, { return_code: "R01" });
    expect(await status()).toBe("CLOSED");
    await post("ap@acme.test", `/api/payments/${b.paymentId}/reissue`);
    expect(await status()).toBe("OPEN");
  });

  it("a demo payment (posted by the seed) that fails has its entry reversed exactly, per account", async () => {
    const { company } = await acme();
    const demo = await h.database.db.selectFrom("payments").select(["id", "amount"]).where("company_id", "=", company).where("status", "=", "PROCESSING")
      .where("record_type", "=", "DEBIT").orderBy("id").executeTakeFirstOrThrow();
    const before = await journalOf(demo.id as number);
    expect(before.entries).toBe(1);
    expect([...before.byAccount.values()].sort()).toEqual([money(String(demo.amount)).negated().toFixed(2), money(String(demo.amount)).toFixed(2)].sort());
    expect((await post("ap@acme.test", `/api/payments/${demo.id}/fail`, { return_code: "R02" })).statusCode).toBe(200);
    const after = await journalOf(demo.id as number);
    expect(after).toMatchObject({ entries: 2, net: "0.00", balancedEntries: true, companyBalanced: true });
    expect([...after.byAccount.values()]).toEqual(["0.00", "0.00"]);
  });
});

/** A 94-character record from its fields at their 1-based NACHA positions. */
function record(fields: [number, string][]): string {
  const chars = Array<string>(94).fill(" ");
  for (const [from, text] of fields) [...text].forEach((c, i) => (chars[from - 1 + i] = c));
  return chars.join("");
}
// trace numbers no file of the demo data or of these tests carries: the entries match by payment number
const entry = (paymentNumber: string, amount: string) => record([[1, "6"], [2, "21"], [4, "02100002"], [12, "1"], [30, money(amount).times(100).toFixed(0).padStart(10, "0")], [40, paymentNumber], [80, "999999999999999"]]);
const addenda = (code: string) => record([[1, "7"], [2, "99"], [4, code], [7, "999999990000001"]]);

describe("NACHA return files", () => {
  it("fails each matched payment with its R-code and answers per entry", async () => {
    const a = await paid({ paid: "125.00" });
    const b = await paid({ paid: "80.10" });
    const cleared = await paid({ status: "CLEARED", paid: "50.00" });
    const text = [
      entry(a.paymentNumber, "125.00"), addenda("R01"),
      entry(b.paymentNumber, "80.10"), addenda("R03"),
      entry("NO-SUCH-PAYMENT", "1.00"), addenda("R02"),
      entry(cleared.paymentNumber, "50.00"), addenda("R01"),
      entry(a.paymentNumber, "99.00"), addenda("R01"),
    ].join("\n");
    const response = await post("ap@acme.test", "/api/nacha_payments/returns", text, { "content-type": "text/plain" });
    expect(response.statusCode).toBe(200);
    const results = response.json().data.entries as Json[];
    expect(results.map((r) => [r.individual_id, r.result, r.return_code])).toEqual([
      [a.paymentNumber, "failed", "R01"], [b.paymentNumber, "failed", "R03"], ["NO-SUCH-PAYMENT", "unmatched", "R02"],
      [cleared.paymentNumber, "refused", "R01"], [a.paymentNumber, "refused", "R01"],
    ]);
    expect(results[0]).toMatchObject({ payment_id: a.paymentId, reason: "Insufficient Funds", amount: "125.00" });
    expect(String(results[4].message)).toContain("differs");
    expect(await paymentOf(a.paymentId)).toMatchObject({ status: "FAILED", return_code: "R01", return_reason: "Insufficient Funds" });
    expect(await paymentOf(b.paymentId)).toMatchObject({ status: "FAILED", return_code: "R03" });
    expect((await paymentOf(cleared.paymentId)).status).toBe("CLEARED");
    expect(await invoiceOf(b.invoiceId)).toMatchObject({ payments_sum: "0.00", balance_outstanding: "1000.00" });
    expect((await journalOf(a.paymentId)).net).toBe("0.00");
  });

  it("a processed run's NACHA file, returned by the bank, fails its payment by trace number and closes the run", async () => {
    const { company } = await acme();
    const fixture = await payableFixture(h.database.db, company, { vendors: 1, perVendor: 2, tag: `RET${process.pid}` });
    const created = await post("admin@acme.test", "/api/payment_runs", { payment_date: earliestPaymentDate(), items: fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })) });
    expect(created.statusCode, created.body).toBe(201);
    const runId = created.json().data.id as number;
    expect((await post("admin@acme.test", `/api/payment_runs/${runId}/submit`)).statusCode).toBe(200);
    const approval = (await get("admin@acme.test", `/api/approvals?approvable_type=PaymentRun&approvable_id=${runId}`)).json().data[0];
    expect((await post("approver@acme.test", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
    expect((await post("admin@acme.test", `/api/payment_runs/${runId}/process`)).statusCode).toBe(200);
    const file = (await get("admin@acme.test", `/api/nacha_payments?payment_run_id=${runId}`)).json().data[0];
    const content = (await get("admin@acme.test", `/api/nacha_payments/${file.id}/file`)).body;
    const entryLine = content.split(/\r?\n/).find((l: string) => l.startsWith("6"))!;
    const trace = entryLine.slice(79, 94);
    // the returned entry names no payment number: the original trace number in the addenda matches it
    const returned = `${entryLine.slice(0, 39)}${" ".repeat(15)}${entryLine.slice(54)}`;
    const response = await post("ap@acme.test", "/api/nacha_payments/returns", [returned, record([[1, "7"], [2, "99"], [4, "R02"], [7, trace]])].join("\n"), { "content-type": "text/plain" });
    expect(response.statusCode, response.body).toBe(200);
    const [result] = response.json().data.entries;
    const payment = await h.database.db.selectFrom("payments").selectAll().where("payment_run_id", "=", runId).executeTakeFirstOrThrow();
    expect(result).toMatchObject({ result: "failed", return_code: "R02", reason: "Account Closed", trace_number: trace, payment_id: payment.id });
    expect(payment).toMatchObject({ status: "FAILED", return_code: "R02", trace_number: trace });
    for (const invoice of fixture.invoices) {
      expect(await invoiceOf(invoice.id)).toEqual({ status: "APPROVED", payments_sum: "0.00", balance_outstanding: money(invoice.amount).toFixed(2), outstanding_balance_pending: money(invoice.amount).toFixed(2) });
    }
    expect(await journalOf(payment.id as number)).toMatchObject({ entries: 2, net: "0.00", companyBalanced: true });
    expect((await h.database.db.selectFrom("payment_runs").select("status").where("id", "=", runId).executeTakeFirstOrThrow()).status).toBe("CLOSED");
  });

  it("accepts JSON { file_text }; refuses a file without returns (422), and who may not pay (403)", async () => {
    const a = await paid({ paid: "10.00" });
    const text = [entry(a.paymentNumber, "10.00"), addenda("R04")].join("\n");
    expect((await post("approver@acme.test", "/api/nacha_payments/returns", { file_text: text })).statusCode).toBe(403);
    expect((await post("vendor@northwind.test", "/api/nacha_payments/returns", { file_text: text })).statusCode).toBe(403);
    const garbage = await post("ap@acme.test", "/api/nacha_payments/returns", { file_text: "hello" });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().errors.file_text[0]).toContain("no returned entry");
    expect((await post("ap@acme.test", "/api/nacha_payments/returns", {})).statusCode).toBe(422);
    // another company's file matches nothing of Acme's
    expect((await post("admin@globex.test", "/api/nacha_payments/returns", { file_text: text })).json().data.entries[0].result).toBe("unmatched");
    const ok = await post("ap@acme.test", "/api/nacha_payments/returns", { file_text: text });
    expect(ok.json().data.entries[0]).toMatchObject({ result: "failed", return_code: "R04" });
  });
});

describe("payment documents", () => {
  /** The first vendor method of the type (with a stored account number when `withAccount`). */
  async function vendorMethod(type: string, withAccount = false) {
    const { company } = await acme();
    let query = h.database.db.selectFrom("payment_methods as m").innerJoin("vendors as v", "v.id", "m.vendor_id")
      .select(["m.id", "m.vendor_id", "m.account_name", "m.account_number", "m.iban", "m.bic", "v.name"]).where("m.company_id", "=", company)
      .where("m.owner_type", "=", "Vendor").where("m.payment_type", "=", type);
    if (withAccount) query = query.where("m.account_number", "is not", null);
    return (await query.orderBy("m.id").executeTakeFirstOrThrow()) as Json;
  }

  it("check.pdf: a PDF naming the payee with the amount in words; refused for other types (409), companies (404), roles (403)", async () => {
    const method = await vendorMethod("check");
    const check = await paid({ type: "check", paid: "1234.56", methodId: method.id as number });
    const response = await get("ap@acme.test", `/api/payments/${check.paymentId}/check.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const pdf = response.rawPayload.toString("latin1");
    expect(pdf.startsWith("%PDF")).toBe(true);
    expect(pdf).toContain(String(method.account_name ?? (await acme()).vendorName));
    expect(pdf).toContain("One thousand two hundred thirty-four and 56/100");
    const ach = await paid({ type: "ach" });
    expect((await get("ap@acme.test", `/api/payments/${ach.paymentId}/check.pdf`)).statusCode).toBe(409);
    expect((await get("admin@globex.test", `/api/payments/${check.paymentId}/check.pdf`)).statusCode).toBe(404);
    expect((await get("staff@acme.test", `/api/payments/${check.paymentId}/check.pdf`)).statusCode).toBe(403);
  });

  it("check register: the run's check payments as CSV", async () => {
    const runId = await run("OPEN");
    const first = await paid({ type: "check", runId, paid: "10.00" });
    const second = await paid({ type: "check", runId, paid: "20.50", status: "CLEARED" });
    await paid({ type: "ach", runId });
    const response = await get("ap@acme.test", `/api/payment_runs/${runId}/check_register`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.split(/\r?\n/);
    const { vendorName } = await acme();
    expect(lines[0]).toBe("Check number,Date,Payee,Amount,Currency,Status");
    const byNumber = (x: unknown[], y: unknown[]) => (String(x[0]) < String(y[0]) ? -1 : 1);
    expect(lines.slice(1).map((l) => l.split(",")).sort(byNumber)).toEqual([
      [first.paymentNumber, expect.any(String), vendorName, "10.00", "USD", "PROCESSING"],
      [second.paymentNumber, expect.any(String), vendorName, "20.50", "USD", "CLEARED"],
    ].sort(byNumber));
    expect((await get("admin@globex.test", `/api/payment_runs/${runId}/check_register`)).statusCode).toBe(404);
    expect((await get("staff@acme.test", `/api/payment_runs/${runId}/check_register`)).statusCode).toBe(403);
  });

  it("check register: a payee name that is a spreadsheet formula is written as text; amounts stay numbers", async () => {
    const runId = await run("OPEN");
    const check = await paid({ type: "check", runId, paid: "10.00" });
    const { vendorId, vendorName } = await acme();
    const formula = '=HYPERLINK("http://evil.test","click")';
    await h.database.db.updateTable("vendors").set({ name: formula }).where("id", "=", vendorId).execute();
    try {
      const response = await get("ap@acme.test", `/api/payment_runs/${runId}/check_register`);
      expect(response.body.split(/\r?\n/)[1]).toBe(`${check.paymentNumber},${response.body.split(/\r?\n/)[1].split(",")[1]},"'=HYPERLINK(""http://evil.test"",""click"")",10.00,USD,PROCESSING`);
    } finally {
      await h.database.db.updateTable("vendors").set({ name: vendorName }).where("id", "=", vendorId).execute();
    }
  });

  it("instructions: beneficiary, full account number and IBAN, BIC, amount, currency and the invoice numbers for wires; 409 for a check", async () => {
    const method = await vendorMethod("wire", true);
    const wire = await paid({ type: "wire", paid: "300.00", methodId: method.id as number });
    const response = await get("ap@acme.test", `/api/payments/${wire.paymentId}/instructions`);
    expect(response.statusCode).toBe(200);
    const number = (await h.database.db.selectFrom("invoices").select("number").where("id", "=", wire.invoiceId).executeTakeFirstOrThrow()).number;
    expect(response.json().data).toMatchObject({ payment_type: "wire", amount: "300.00", currency_code: "USD", iban: method.iban ?? null, bic: method.bic ?? null, reference: number });
    // a bank cannot execute a masked number: the instructions carry it in full
    expect(response.json().data.account_number).toBe(method.account_number);
    expect(response.json().data.account_number_masked).toBeUndefined();
    expect((await get("admin@acme.test", `/api/payments/${wire.paymentId}/instructions`)).statusCode).toBe(200);
    // each view of the full number is audited: who, when, which payment
    const views = await h.database.db.selectFrom("activities").select(["user_id", "changes"]).where("event", "=", "view")
      .where("item_type", "=", "payments").where("item_id", "=", wire.paymentId).orderBy("id").execute();
    const userOf = async (email: string) => (await h.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    expect(views.map((v) => v.user_id)).toEqual([await userOf("ap@acme.test"), await userOf("admin@acme.test")]);
    expect(views[0].changes).toEqual({ document: "payment instructions" });
    const check = await paid({ type: "check" });
    expect((await get("ap@acme.test", `/api/payments/${check.paymentId}/instructions`)).statusCode).toBe(409);
  });

  it("instructions need the pay keys (allowPayments or payInvoices): readers of payments, other companies and the vendor portal are refused", async () => {
    const method = await vendorMethod("international");
    const payment = await paid({ type: "international", paid: "55.00", methodId: method.id as number });
    for (const email of ["approver@acme.test", "readonly@acme.test", "staff@acme.test", "vendor@northwind.test"]) {
      const refused = await get(email, `/api/payments/${payment.paymentId}/instructions`);
      expect(refused.statusCode, email).toBe(403);
      expect(refused.body).not.toContain(String(method.iban));
    }
    // a refusal shows nothing, so nothing was viewed
    expect(await h.database.db.selectFrom("activities").select("id").where("event", "=", "view").where("item_id", "=", payment.paymentId).execute()).toEqual([]);
    // a reader of payments still sees the payment (and no account number) and its remittance advice
    expect((await get("approver@acme.test", `/api/payments/${payment.paymentId}`)).statusCode).toBe(200);
    expect((await get("approver@acme.test", `/api/payments/${payment.paymentId}/remittance`)).statusCode).toBe(200);
    expect((await get("admin@globex.test", `/api/payments/${payment.paymentId}/instructions`)).statusCode).toBe(404);
  });

  it("the account number stays masked everywhere else: payment methods, payments, the remittance advice to the vendor", async () => {
    const method = await vendorMethod("wire", true);
    const full = String(method.account_number);
    expect(full.length).toBeGreaterThan(4);
    const wire = await paid({ type: "wire", paid: "12.00", methodId: method.id as number });
    const shown = await get("ap@acme.test", `/api/payment_methods/${method.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.account_number).toBeUndefined();
    expect(shown.json().data.account_number_masked).toBe(`••••${full.slice(-4)}`);
    // a list reads the masked number too, though the number itself never leaves the database on a read
    const listed = (await get("ap@acme.test", `/api/payment_methods?vendor_id=${String(method.vendor_id)}`)).json().data as { id: number; account_number_masked: string }[];
    expect(listed.find((m) => m.id === method.id)?.account_number_masked).toBe(`••••${full.slice(-4)}`);
    for (const url of [`/api/payment_methods?vendor_id=${String(method.vendor_id)}`, `/api/payments/${wire.paymentId}`, `/api/payments?vendor_id=${(await acme()).vendorId}`, `/api/payments/${wire.paymentId}/remittance`]) {
      const response = await get("ap@acme.test", url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(full);
    }
  });

  it("remittance advice: the payment, its invoices and amounts, for the vendor's primary contact", async () => {
    const a = await paid({ paid: "400.00" });
    const response = await get("ap@acme.test", `/api/payments/${a.paymentId}/remittance`);
    expect(response.statusCode).toBe(200);
    const advice = response.json().data;
    const number = (await h.database.db.selectFrom("invoices").select("number").where("id", "=", a.invoiceId).executeTakeFirstOrThrow()).number;
    expect(advice.subject).toContain(a.paymentNumber);
    expect(advice.text).toContain(String(number));
    expect(advice.text).toContain("$400.00");
    const { company, vendorId } = await acme();
    const primary = await h.database.db.selectFrom("contacts").select("email").where("company_id", "=", company).where("vendor_id", "=", vendorId)
      .where("contact_type", "=", "VENDOR").where(sql<boolean>`'PRIMARY' = any(vendor_roles)`).orderBy("id").executeTakeFirst();
    expect(advice.to).toBe(primary?.email ?? null);
  });
});
