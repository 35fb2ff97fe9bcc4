/**
 * Vendor credits end to end (issue 30 item 1): entered through the inbox, drafts and the API, approved
 * by another user and posted in the approving transaction, applied to two invoices in a payment run
 * (the NACHA file pays the net), voided (reversed) and refunded (posted); bad input refused with
 * nothing written.
 */
import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money, sum } from "../../src/framework/money.js";
import { payableFixture } from "../bench/payables-fixture.js";
import { useApp } from "./harness.js";

const h = useApp();
let tags = 0;
const tag = () => `VC${process.pid}-${++tags}`;

const acme = () => h.companyId("Acme Corp");

async function call(email: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object, extra: Record<string, string> = {}) {
  return h.app.inject({ method, url, headers: { ...(await h.login(email)), ...extra }, ...(payload ? { payload } : {}) });
}

/** Some keys (root, roleService: the drafts) belong to no demo login: the contact's role is raised for the call. */
async function asSuperAdmin<T>(email: string, run: () => Promise<T>): Promise<T> {
  const contact = await h.database.db.selectFrom("contacts").select(["id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
  await h.database.db.updateTable("contacts").set({ role: "super_admin" }).where("id", "=", contact.id).execute();
  try {
    return await run();
  } finally {
    await h.database.db.updateTable("contacts").set({ role: contact.role }).where("id", "=", contact.id).execute();
  }
}

async function vendorOf(): Promise<number> {
  const fixture = await payableFixture(h.database.db, await acme(), { vendors: 1, perVendor: 0, tag: tag() });
  return fixture.vendorIds[0];
}

/** The journal lines a credit's id sources, by account number, netted (debit − credit). */
async function netPosted(creditId: number): Promise<Record<string, string>> {
  const rows = await h.database.db.selectFrom("account_transactions as t").innerJoin("accounts as a", "a.id", "t.account_id")
    .select(["a.number", "t.debit_amount", "t.credit_amount", "t.entry_number"])
    .where("t.account_transactionable_type", "=", "Payment").where("t.account_transactionable_id", "=", creditId).execute();
  const net: Record<string, string> = {};
  for (const r of rows) net[String(r.number)] = money(net[String(r.number)] ?? 0).plus(String(r.debit_amount)).minus(String(r.credit_amount)).toFixed(2);
  return net;
}

async function entriesBalance(creditId: number): Promise<boolean> {
  const rows = await h.database.db.selectFrom("account_transactions").select(["entry_number", "debit_amount", "credit_amount"])
    .where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", creditId).execute();
  const byEntry = new Map<string, string>();
  for (const r of rows) byEntry.set(String(r.entry_number), money(byEntry.get(String(r.entry_number)) ?? 0).plus(String(r.debit_amount)).minus(String(r.credit_amount)).toFixed(2));
  return rows.length > 0 && [...byEntry.values()].every((v) => v === "0.00");
}

const readCredit = (id: number) => h.database.db.selectFrom("payments").select(["status", "balance", "record_type", "amount"]).where("id", "=", id).executeTakeFirstOrThrow();

/** A credit keyed into the inbox by the AP clerk, submitted, approved by the administrator (the workflow's approver). */
async function approvedCredit(vendorId: number, amount: string, coding?: { account_number: string; amount: string }[]): Promise<number> {
  const created = await call("ap@acme.test", "POST", "/api/credit_memo_inbox", {
    payment_number: `CM-${tag()}`, vendor_id: vendorId, payment_date: "2026-11-20", amount, currency_code: "USD", ...(coding ? { debit_entries: coding } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect(created.json().data).toMatchObject({ status: "NEW", balance: amount });
  const submitted = await call("ap@acme.test", "POST", `/api/credit_memo_inbox/${id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect((await readCredit(id)).status).toBe("PENDING");
  const [approval] = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=CreditMemo&approvable_id=${id}`)).json().data as { id: number }[];
  // segregation of duties: the clerk who keyed it cannot approve it
  expect((await call("ap@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(403);
  const approved = await call("admin@acme.test", "POST", `/api/approvals/${approval.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

describe("vendor credits: entered, approved and posted", () => {
  it("inbox → submit → approved by another user: AVAILABLE and posted debit AP, credit the coded accounts, balanced", async () => {
    const vendor = await vendorOf();
    const id = await approvedCredit(vendor, "150.00", [{ account_number: "6000", amount: "100.00" }, { account_number: "5000", amount: "50.00" }]);
    expect(await readCredit(id)).toMatchObject({ status: "AVAILABLE", balance: "150.00", record_type: "CREDIT" });
    expect(await netPosted(id)).toEqual({ "2000": "150.00", "6000": "-100.00", "5000": "-50.00" });
    expect(await entriesBalance(id)).toBe(true);
    const shown = (await call("admin@acme.test", "GET", `/api/vendor_credits/${id}`)).json().data;
    expect(shown).toMatchObject({ status: "AVAILABLE", approval_status: "APPROVED", refunded_amount: "0.00" });
  });

  it("drafts and the API: a draft is DRAFT; a credit created through /api/vendor_credits is PENDING with its chain started", async () => {
    const vendor = await vendorOf();
    const draft = await asSuperAdmin("admin@acme.test", () => call("admin@acme.test", "POST", "/api/credit_memo_draft", { payment_number: `CM-${tag()}`, vendor_id: vendor, payment_date: "2026-11-20", amount: "12.00", currency_code: "USD" }));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data.status).toBe("DRAFT");
    // the drafts are the administrators' (spec 2.15)
    expect((await call("ap@acme.test", "POST", "/api/credit_memo_draft", { payment_number: `CM-${tag()}`, vendor_id: vendor, payment_date: "2026-11-20", amount: "12.00", currency_code: "USD" })).statusCode).toBe(403);
    const direct = await call("ap@acme.test", "POST", "/api/vendor_credits", { payment_number: `CM-${tag()}`, vendor_id: vendor, payment_date: "2026-11-20", amount: "30.00", currency_code: "USD" });
    expect(direct.statusCode, direct.body).toBe(201);
    expect(direct.json().data).toMatchObject({ status: "PENDING", approval_status: "PENDING", balance: "30.00" });
    // nothing posted before approval
    expect(await netPosted(direct.json().data.id)).toEqual({});
  });

  it("bad input: a negative or zero credit, a coding that does not add up, a status sent → 422, nothing written", async () => {
    const vendor = await vendorOf();
    const number = `CM-${tag()}`;
    const base = { payment_number: number, vendor_id: vendor, payment_date: "2026-11-20", currency_code: "USD" };
    const negative = await call("ap@acme.test", "POST", "/api/credit_memo_inbox", { ...base, amount: "-25.00" });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.amount[0]).toBe("must be zero or more");
    expect((await call("ap@acme.test", "POST", "/api/vendor_credits", { ...base, amount: "0" })).statusCode).toBe(422);
    const coding = await call("ap@acme.test", "POST", "/api/credit_memo_inbox", { ...base, amount: "25.00", debit_entries: [{ account_number: "6000", amount: "20.00" }] });
    expect(coding.statusCode).toBe(422);
    expect(coding.json().errors.debit_entries[0]).toMatch(/add up to the credit amount/);
    expect((await call("ap@acme.test", "POST", "/api/credit_memo_inbox", { ...base, amount: "25.00", status: "AVAILABLE" })).statusCode).toBe(422);
    const written = await h.database.db.selectFrom("payments").select("id").where("payment_number", "=", number).execute();
    expect(written).toEqual([]);
  });
});

describe("vendor credits in a payment run", () => {
  it("one credit applied to two invoices in a run: exact links and balances, the NACHA pays the net", async () => {
    const fixture = await payableFixture(h.database.db, await acme(), { vendors: 1, perVendor: 2, tag: tag(), amount: (i) => (i === 0 ? "300.00" : "200.00") });
    const [first, second] = fixture.invoices;
    const creditId = await approvedCredit(first.vendor_id, "120.00");
    const paymentDate = earliestPaymentDate();
    const body = {
      payment_date: paymentDate,
      items: [{ invoice_id: first.id, amount: "230.00" }, { invoice_id: second.id, amount: "150.00" }],
      credits: [{ credit_id: creditId, invoice_id: first.id, amount: "70.00" }, { credit_id: creditId, invoice_id: second.id, amount: "50.00" }],
    };
    // more than the credit holds: 422, nothing reserved
    const tooMuch = await call("admin@acme.test", "POST", "/api/payment_runs", { ...body, credits: [...body.credits, { credit_id: creditId, invoice_id: second.id, amount: "0.01" }] });
    expect(tooMuch.statusCode).toBe(422);
    const created = await call("admin@acme.test", "POST", "/api/payment_runs", body);
    expect(created.statusCode, created.body).toBe(201);
    const run = created.json().data as { id: number };
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`)).statusCode).toBe(200);
    const [approval] = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${run.id}`)).json().data as { id: number }[];
    expect((await call("approver@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
    const processed = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, { "idempotency-key": `vc-${run.id}` });
    expect(processed.statusCode, processed.body).toBe(200);

    expect(await readCredit(creditId)).toMatchObject({ status: "APPLIED", balance: "0.00" });
    const links = await h.database.db.selectFrom("invoice_payment_links").select(["invoice_id", "amount"]).where("payment_id", "=", creditId).orderBy("invoice_id").execute();
    expect(links.map((l) => [l.invoice_id, money(String(l.amount)).toFixed(2)])).toEqual([[first.id, "70.00"], [second.id, "50.00"]]);
    const invoices = await h.database.db.selectFrom("invoices").select(["id", "status", "payments_sum", "balance_outstanding"]).where("id", "in", [first.id, second.id]).orderBy("id").execute();
    expect(invoices.map((i) => [i.status, money(String(i.payments_sum)).toFixed(2), money(String(i.balance_outstanding)).toFixed(2)]))
      .toEqual([["PAID", "300.00", "0.00"], ["PAID", "200.00", "0.00"]]);
    const [file] = (await call("admin@acme.test", "GET", `/api/nacha_payments?payment_run_id=${run.id}`)).json().data as { amount: string }[];
    expect(file.amount).toBe(sum(["230.00", "150.00"]));
    // applying posts nothing more: the credit's journal is its approval alone
    expect(await netPosted(creditId)).toEqual({ "2000": "120.00", "5000": "-120.00" });
  }, 120_000);
});

describe("vendor credits: void and refund", () => {
  it("voiding an unapplied credit reverses its posting; an applied one cannot be voided (409)", async () => {
    const vendor = await vendorOf();
    const id = await approvedCredit(vendor, "80.00");
    const voided = await call("ap@acme.test", "POST", `/api/vendor_credits/${id}/void`, undefined, { "idempotency-key": `void-${id}` });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await readCredit(id)).toMatchObject({ status: "VOID", balance: "0.00" });
    expect(await netPosted(id)).toEqual({ "2000": "0.00", "5000": "0.00" });
    expect(await entriesBalance(id)).toBe(true);
    // VOID is no longer AVAILABLE: nothing can be applied
    expect((await call("ap@acme.test", "POST", `/api/vendor_credits/${id}/void`)).statusCode).toBe(409);

    const fixture = await payableFixture(h.database.db, await acme(), { vendors: 1, perVendor: 1, tag: tag() });
    const used = await approvedCredit(fixture.vendorIds[0], "10.00");
    expect((await call("ap@acme.test", "POST", `/api/vendor_credits/${used}/apply`, { invoice_id: fixture.invoices[0].id, amount: "4.00" })).statusCode).toBe(200);
    expect((await call("ap@acme.test", "POST", `/api/vendor_credits/${used}/void`)).statusCode).toBe(409);
    expect(await readCredit(used)).toMatchObject({ status: "AVAILABLE", balance: "6.00" });
  }, 120_000);

  it("a refund from the vendor lowers the balance and posts debit bank, credit AP; above the balance → 422, nothing written", async () => {
    const vendor = await vendorOf();
    const id = await approvedCredit(vendor, "100.00");
    const account = await h.database.db.selectFrom("payment_methods as m").innerJoin("accounts as a", "a.id", "m.account_id").select(["m.id", "a.number"])
      .where("m.company_id", "=", await acme()).where("m.owner_type", "=", "Company").orderBy("m.id").executeTakeFirstOrThrow();
    const tooMuch = await call("ap@acme.test", "POST", `/api/vendor_credits/${id}/refund`, { amount: "100.01", date: "2026-11-25", payment_method_id: account.id });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toContain("available balance (100.00)");
    const negative = await call("ap@acme.test", "POST", `/api/vendor_credits/${id}/refund`, { amount: "-5", date: "2026-11-25", payment_method_id: account.id });
    expect(negative.statusCode).toBe(422);
    expect(await h.database.db.selectFrom("credit_refunds").select("id").where("payment_id", "=", id).execute()).toEqual([]);

    const refunded = await call("ap@acme.test", "POST", `/api/vendor_credits/${id}/refund`, { amount: "40.00", date: "2026-11-25", payment_method_id: account.id, reference_number: "CHK 991" },
      { "idempotency-key": `refund-${id}` });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: "AVAILABLE", balance: "60.00", refunded_amount: "40.00" });
    expect(await netPosted(id)).toEqual({ "2000": "60.00", "5000": "-100.00", [String(account.number)]: "40.00" });
    expect(await entriesBalance(id)).toBe(true);
    // the rest refunded: APPLIED (nothing left), and a refunded credit is not voided
    expect((await call("ap@acme.test", "POST", `/api/vendor_credits/${id}/refund`, { amount: "60.00", date: "2026-11-26", payment_method_id: account.id })).statusCode).toBe(200);
    expect(await readCredit(id)).toMatchObject({ status: "APPLIED", balance: "0.00" });
  }, 120_000);

  it("the database refuses a negative balance whatever writes it", async () => {
    const vendor = await vendorOf();
    const id = await approvedCredit(vendor, "5.00");
    await expect(h.database.db.updateTable("payments").set({ balance: "-0.01" }).where("id", "=", id).execute()).rejects.toThrow(/payments_balance_not_negative/);
  });
});
