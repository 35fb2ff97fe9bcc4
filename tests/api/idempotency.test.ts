/**
 * Idempotency-Key on the money-moving POSTs (src/server/http/idempotency.ts): a repeat is answered
 * with the first answer and acts once, even 50 at a time; a key reused for another request is 422.
 */
import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money } from "../../src/framework/money.js";
import { payableFixture, type PayableFixture } from "../bench/payables-fixture.js";
import { useApp } from "./harness.js";

const h = useApp();
let serial = 0;
const key = (name: string) => `${name}-${process.pid}-${++serial}`;

async function acme() {
  const company = await h.companyId("Acme Corp");
  const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
  return { company, vendor: vendor.id as number };
}

async function invoiceAndCredit(invoiceAmount: string, creditAmount: string) {
  const { company, vendor } = await acme();
  const invoice = await h.database.db.insertInto("invoices").values({
    company_id: company, number: key("IDEM-INV"), vendor_id: vendor, date: "2026-11-01", due_date: "2026-12-01", amount: invoiceAmount, currency_code: "USD",
    status: "APPROVED", payments_sum: "0", balance_outstanding: invoiceAmount, outstanding_balance_pending: invoiceAmount,
    debit_entries: JSON.stringify([{ account_number: "6000", amount: invoiceAmount }]),
  }).returning("id").executeTakeFirstOrThrow();
  const credit = await h.database.db.insertInto("payments").values({
    company_id: company, payment_number: key("IDEM-CM"), vendor_id: vendor, payment_date: "2026-11-02", amount: creditAmount, balance: creditAmount,
    currency_code: "USD", record_type: "CREDIT", status: "AVAILABLE",
  }).returning("id").executeTakeFirstOrThrow();
  return { invoiceId: invoice.id as number, creditId: credit.id as number };
}

const balances = async (invoiceId: number, creditId: number) => {
  const invoice = await h.database.db.selectFrom("invoices").select("balance_outstanding").where("id", "=", invoiceId).executeTakeFirstOrThrow();
  const credit = await h.database.db.selectFrom("payments").select("balance").where("id", "=", creditId).executeTakeFirstOrThrow();
  const links = await h.database.db.selectFrom("invoice_payment_links").select("id").where("payment_id", "=", creditId).execute();
  return { invoice: money(String(invoice.balance_outstanding)).toFixed(2), credit: money(String(credit.balance)).toFixed(2), links: links.length };
};

async function post(url: string, payload: object | undefined, extra: Record<string, string> = {}, email = "admin@acme.test") {
  return h.app.inject({ method: "POST", url, headers: { ...(await h.login(email)), ...extra }, ...(payload ? { payload } : {}) });
}

describe("Idempotency-Key: vendor credit applications", () => {
  it("50 identical applications of 5.00 with one key, in parallel: applied once, every answer the first one", async () => {
    const { invoiceId, creditId } = await invoiceAndCredit("500.00", "300.00");
    const headers = { ...(await h.login("ap@acme.test")), "idempotency-key": key("apply") };
    const responses = await Promise.all(Array.from({ length: 50 }, () =>
      h.app.inject({ method: "POST", url: `/api/vendor_credits/${creditId}/apply`, headers, payload: { invoice_id: invoiceId, amount: "5.00" } })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(49);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses[0].json().data).toMatchObject({ id: creditId, balance: "295.00" });
    expect(await balances(invoiceId, creditId)).toEqual({ invoice: "495.00", credit: "295.00", links: 1 });
  });

  it("the same key with another body is refused (422) and applies nothing; a replay answers the first response though the credit changed since", async () => {
    const { invoiceId, creditId } = await invoiceAndCredit("500.00", "300.00");
    const url = `/api/vendor_credits/${creditId}/apply`;
    const k = { "idempotency-key": key("body") };
    const first = await post(url, { invoice_id: invoiceId, amount: "5.00" }, k);
    expect(first.statusCode).toBe(200);
    const other = await post(url, { invoice_id: invoiceId, amount: "6.00" }, k);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors["Idempotency-Key"][0]).toContain("different request");
    expect(await balances(invoiceId, creditId)).toEqual({ invoice: "495.00", credit: "295.00", links: 1 });
    // another application without the key moves the balance; the replay still answers as the first time
    expect((await post(url, { invoice_id: invoiceId, amount: "10.00" })).json().data.balance).toBe("285.00");
    const replay = await post(url, { amount: "5.00", invoice_id: invoiceId }, k);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());
    expect(await balances(invoiceId, creditId)).toEqual({ invoice: "485.00", credit: "285.00", links: 2 });
  });

  it("a repeat while another process still answers the key is 409, and acts on nothing", async () => {
    const { invoiceId, creditId } = await invoiceAndCredit("500.00", "300.00");
    const url = `/api/vendor_credits/${creditId}/apply`;
    const k = key("busy");
    expect((await post(url, { invoice_id: invoiceId, amount: "5.00" }, { "idempotency-key": k })).statusCode).toBe(200);
    // as the key's row stands while another process is answering it: claimed, no answer yet
    await h.database.db.updateTable("idempotency_keys").set({ status_code: null, response: null }).where("key", "=", k).execute();
    const busy = await post(url, { invoice_id: invoiceId, amount: "5.00" }, { "idempotency-key": k });
    expect(busy.statusCode).toBe(409);
    expect(await balances(invoiceId, creditId)).toEqual({ invoice: "495.00", credit: "295.00", links: 1 });
  });

  it("a key is the user's: another user's request with the same key acts on its own; a malformed key is 422", async () => {
    const { invoiceId, creditId } = await invoiceAndCredit("500.00", "300.00");
    const url = `/api/vendor_credits/${creditId}/apply`;
    const k = { "idempotency-key": key("users") };
    expect((await post(url, { invoice_id: invoiceId, amount: "1.00" }, k, "ap@acme.test")).statusCode).toBe(200);
    const second = await post(url, { invoice_id: invoiceId, amount: "1.00" }, k, "admin@acme.test");
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(await balances(invoiceId, creditId)).toEqual({ invoice: "498.00", credit: "298.00", links: 2 });
    const bad = await post(url, { invoice_id: invoiceId, amount: "1.00" }, { "idempotency-key": "x".repeat(201) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["Idempotency-Key"]);
  });
});

describe("Idempotency-Key: payment runs and payments", () => {
  let tags = 0;
  const payables = async (): Promise<PayableFixture> => payableFixture(h.database.db, (await acme()).company, { vendors: 1, perVendor: 1, tag: `IDEM${process.pid}-${++tags}` });

  async function approvedRun(fixture: PayableFixture): Promise<number> {
    const created = await post("/api/payment_runs", { payment_date: earliestPaymentDate(), items: fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await post(`/api/payment_runs/${id}/submit`, undefined)).statusCode).toBe(200);
    const approvals = (await h.app.inject({ url: `/api/approvals?approvable_type=PaymentRun&approvable_id=${id}`, headers: await h.login("admin@acme.test") })).json().data as { id: number }[];
    expect((await post(`/api/approvals/${approvals[0].id}/approve`, undefined, {}, "approver@acme.test")).statusCode).toBe(200);
    return id;
  }

  const runOf = async (id: number) => {
    const run = await h.database.db.selectFrom("payment_runs").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    const files = await h.database.db.selectFrom("nacha_payments").select("id").where("payment_run_id", "=", id).execute();
    const processing = await h.database.db.selectFrom("payments").select("id").where("payment_run_id", "=", id).where("status", "=", "PROCESSING").execute();
    return { status: run.status, files: files.length, processing: processing.length };
  };

  it("one key sent to process two different runs, at the same time: one is processed, the other refused (422) and not processed", async () => {
    const [a, b] = [await approvedRun(await payables()), await approvedRun(await payables())];
    const k = { "idempotency-key": key("process") };
    const responses = await Promise.all([post(`/api/payment_runs/${a}/process`, undefined, k), post(`/api/payment_runs/${b}/process`, undefined, k)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = responses.find((r) => r.statusCode === 422)!;
    expect(Object.keys(refused.json().errors)).toEqual(["Idempotency-Key"]);
    const [processed, untouched] = responses[0].statusCode === 200 ? [a, b] : [b, a];
    expect(await runOf(processed)).toEqual({ status: "OPEN", files: 1, processing: 1 });
    expect(await runOf(untouched)).toEqual({ status: "APPROVED", files: 0, processing: 0 });
    // later, too: the key stays the first run's, whose repeat is its first answer
    expect((await post(`/api/payment_runs/${untouched}/process`, undefined, k)).statusCode).toBe(422);
    expect(await runOf(untouched)).toEqual({ status: "APPROVED", files: 0, processing: 0 });
    const first = responses.find((r) => r.statusCode === 200)!;
    const replay = await post(`/api/payment_runs/${processed}/process`, undefined, k);
    expect([replay.statusCode, replay.body]).toEqual([200, first.body]);
  });

  it("creating a run twice with one key creates one run", async () => {
    const fixture = await payables();
    const body = { payment_date: earliestPaymentDate(), items: fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })) };
    const k = { "idempotency-key": key("create") };
    const [x, y] = await Promise.all([post("/api/payment_runs", body, k), post("/api/payment_runs", body, k)]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(x.json().data.id).toBe(y.json().data.id);
    const runs = await h.database.db.selectFrom("payment_run_items").select("payment_run_id").where("invoice_id", "=", fixture.invoices[0].id).execute();
    expect(runs).toHaveLength(1);
  });

  it("a payment transition repeated with its key is answered as the first time (not a 409 for the changed status)", async () => {
    const run = await approvedRun(await payables());
    expect((await post(`/api/payment_runs/${run}/process`, undefined)).statusCode).toBe(200);
    const payment = await h.database.db.selectFrom("payments").select("id").where("payment_run_id", "=", run).executeTakeFirstOrThrow();
    const k = { "idempotency-key": key("clear") };
    const first = await post(`/api/payments/${payment.id}/clear`, {}, k);
    expect(first.statusCode).toBe(200);
    const again = await post(`/api/payments/${payment.id}/clear`, {}, k);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    // without the key the second clear is what it is: a conflict
    expect((await post(`/api/payments/${payment.id}/clear`, {})).statusCode).toBe(409);
    expect((await h.database.db.selectFrom("payments").select("status").where("id", "=", payment.id as number).executeTakeFirstOrThrow()).status).toBe("CLEARED");
  });
});
