import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money, sum } from "../../src/framework/money.js";
import { payableFixture, type PayableFixture } from "../bench/payables-fixture.js";
import { auditNacha } from "../support/nacha-audit.js";
import { useApp } from "./harness.js";

const h = useApp();
const paymentDate = earliestPaymentDate();
let tags = 0;

async function acme() {
  return h.companyId("Acme Corp");
}

/** Fresh vendors and approved invoices of Acme, so each test owns its balances. */
async function payables(vendors: number, perVendor: number, individualEvery?: number): Promise<PayableFixture> {
  return payableFixture(h.database.db, await acme(), { vendors, perVendor, tag: `T${process.pid}-${++tags}`, individualEvery });
}

async function pending(id: number): Promise<string> {
  const row = await h.database.db.selectFrom("invoices").select(["outstanding_balance_pending"]).where("id", "=", id).executeTakeFirstOrThrow();
  return money(String(row.outstanding_balance_pending)).toFixed(2);
}

async function call(email: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object, extra: Record<string, string> = {}) {
  return h.app.inject({ method, url, headers: { ...(await h.login(email)), ...extra }, ...(payload ? { payload } : {}) });
}

const itemsOf = (fixture: PayableFixture) => fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount }));

async function createdRun(fixture: PayableFixture, items = itemsOf(fixture)) {
  const response = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; number: string; status: string; total_amount: string; total_vendor_count: number; currency_code: string };
}

describe("payment runs: create and reserve", () => {
  it("201 with the run; payments grouped per vendor; the pending balances drop at once", async () => {
    const fixture = await payables(2, 2);
    const items = fixture.invoices.map((i, n) => ({ invoice_id: i.id, amount: n === 0 ? "10.00" : i.amount }));
    const run = await createdRun(fixture, items);
    expect(run).toMatchObject({ status: "NEW", currency_code: "USD", total_vendor_count: 2, total_amount: sum(items.map((i) => i.amount)) });
    expect(await pending(fixture.invoices[0].id)).toBe(money(fixture.invoices[0].amount).minus("10.00").toFixed(2));
    expect(await pending(fixture.invoices[1].id)).toBe("0.00");
    const payments = await h.database.db.selectFrom("payments").select(["vendor_id", "amount", "status", "record_type", "payment_type"]).where("payment_run_id", "=", run.id).orderBy("vendor_id").execute();
    expect(payments).toHaveLength(2);
    expect(payments.every((p) => p.status === "PENDING" && p.record_type === "DEBIT" && p.payment_type === "ach")).toBe(true);
    const show = await call("admin@acme.test", "GET", `/api/payment_runs/${run.id}`);
    expect(show.json().data.payment_run_items).toHaveLength(4);
    expect(show.json().data.payment_run_batches).toHaveLength(1);
  });

  it("the preview answers the grouping and writes nothing", async () => {
    const fixture = await payables(1, 2);
    const response = await call("admin@acme.test", "POST", "/api/payment_runs/preview", { payment_date: paymentDate, items: itemsOf(fixture) });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0].invoices).toHaveLength(2);
    expect(data.totals).toEqual([{ currency_code: "USD", amount: sum(fixture.invoices.map((i) => i.amount)) }]);
    expect(await pending(fixture.invoices[0].id)).toBe(money(fixture.invoices[0].amount).toFixed(2));
  });

  it("422 naming the row for 0, negative and above the pending balance; nothing reserved", async () => {
    const fixture = await payables(1, 3);
    const [a, b, c] = fixture.invoices;
    const over = money(c.amount).plus("0.01").toFixed(2);
    const response = await call("admin@acme.test", "POST", "/api/payment_runs", {
      payment_date: paymentDate, items: [{ invoice_id: a.id, amount: "0" }, { invoice_id: b.id, amount: -5 }, { invoice_id: c.id, amount: over }],
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(["items.0.amount", "items.1.amount", "items.2.amount"]);
    expect(errors["items.2.amount"][0]).toContain(money(c.amount).toFixed(2));
    for (const invoice of fixture.invoices) expect(await pending(invoice.id)).toBe(money(invoice.amount).toFixed(2));
    // one bad row refuses the whole run: the good row is not reserved either
    const mixed = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ invoice_id: a.id, amount: "1.00" }, { invoice_id: b.id, amount: "0.00" }] });
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().errors)).toEqual(["items.1.amount"]);
    expect(await pending(a.id)).toBe(money(a.amount).toFixed(2));
  });

  it("a payment date before the earliest payment date or on a weekend is refused", async () => {
    const fixture = await payables(1, 1);
    const past = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: "2020-01-06", items: itemsOf(fixture) });
    expect(past.statusCode).toBe(422);
    expect(Object.keys(past.json().errors)).toEqual(["payment_date"]);
  });

  it("the same balance cannot be paid by two runs, one after the other or concurrently", async () => {
    const fixture = await payables(1, 1);
    await createdRun(fixture);
    const again = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: itemsOf(fixture) });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ "items.0.amount": ["must not exceed the invoice's pending balance of 0.00"] });

    const other = await payables(1, 1);
    const headers = await h.login("admin@acme.test");
    const responses = await Promise.all(Array.from({ length: 2 }, () => h.app.inject({ method: "POST", url: "/api/payment_runs", headers, payload: { payment_date: paymentDate, items: itemsOf(other) } })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await pending(other.invoices[0].id)).toBe("0.00");
    const links = await h.database.db.selectFrom("invoice_payment_links").select("amount").where("invoice_id", "=", other.invoices[0].id).execute();
    expect(links).toHaveLength(1);
  });

  it("payable invoices carry the vendor's default payment_method and payment_method_count", async () => {
    const fixture = await payables(1, 1);
    const response = await call("admin@acme.test", "GET", `/api/invoices_pay_bills?id=${fixture.invoices[0].id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ payment_method: { payment_type: "ach", name: "ACH" }, payment_method_count: 1 });
  });
});

describe("payment runs: the originating account", () => {
  it("without one chosen: the company's default account, else its only active one; several and no default → 422 naming the row", async () => {
    const db = h.database.db;
    const companyId = await acme();
    const accounts = await db.selectFrom("payment_methods").select(["id", "is_default", "status"]).where("company_id", "=", companyId)
      .where("owner_type", "=", "Company").where("currency_code", "=", "USD").where("status", "=", "ACTIVE").orderBy("id").execute();
    expect(accounts.length).toBeGreaterThan(1);
    const fromOf = async (runId: number) => (await db.selectFrom("payments").select("payment_method_from_id").where("payment_run_id", "=", runId).execute()).map((p) => p.payment_method_from_id);
    const theDefault = accounts.find((a) => a.is_default)!;
    const other = accounts.find((a) => !a.is_default)!;
    try {
      expect(await fromOf((await createdRun(await payables(1, 1))).id)).toEqual([theDefault.id]);
      // no default, several active: nothing says which account pays
      await db.updateTable("payment_methods").set({ is_default: false }).where("id", "=", theDefault.id).execute();
      const fixture = await payables(1, 1);
      const refused = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: itemsOf(fixture) });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(["items.0.payment_method_from_id"]);
      expect(await pending(fixture.invoices[0].id)).toBe(money(fixture.invoices[0].amount).toFixed(2));
      // one active account left: it pays, default or not
      await db.updateTable("payment_methods").set({ status: "INACTIVE" }).where("id", "in", accounts.filter((a) => a.id !== other.id).map((a) => a.id)).execute();
      expect(await fromOf((await createdRun(fixture)).id)).toEqual([other.id]);
    } finally {
      for (const a of accounts) await db.updateTable("payment_methods").set({ is_default: a.is_default, status: a.status }).where("id", "=", a.id).execute();
    }
  });
});

describe("pay bills: 'all matching' pays what payable=now lists", () => {
  it("totals, rows and the run built from them count only invoices not on hold, with a payment method to pay by and a balance", async () => {
    const fixture = await payables(6, 2);
    const db = h.database.db;
    const [held, kept1, ambiguous1, ambiguous2, nothingLeft, partly, kept2, kept3, sole1, sole2, inactive1, inactive2] = fixture.invoices;
    const [, ambiguousVendor, , , soleVendor, inactiveVendor] = fixture.vendorIds;
    await db.updateTable("invoices").set({ is_on_hold: true }).where("id", "=", held.id).execute();
    // two active methods and no default: nothing says which to pay by
    const method = await db.selectFrom("payment_methods").selectAll().where("vendor_id", "=", ambiguousVendor).executeTakeFirstOrThrow();
    await db.updateTable("payment_methods").set({ is_default: false }).where("vendor_id", "=", ambiguousVendor).execute();
    const { id: _id, ...copy } = method;
    await db.insertInto("payment_methods").values({ ...copy, is_default: false, name: "ACH 2", account_number: "555000111" }).execute();
    // the only active method pays, default or not; an inactive one does not
    await db.updateTable("payment_methods").set({ is_default: false }).where("vendor_id", "=", soleVendor).execute();
    await db.updateTable("payment_methods").set({ status: "INACTIVE" }).where("vendor_id", "=", inactiveVendor).execute();
    await db.updateTable("invoices").set({ outstanding_balance_pending: "0.00" }).where("id", "=", nothingLeft.id).execute();
    await db.updateTable("invoices").set({ outstanding_balance_pending: "10.00" }).where("id", "=", partly.id).execute();
    const mine = fixture.vendorIds.map((id) => `vendor_id=${id}`).join("&");
    const payable = [kept1, partly, kept2, kept3, sole1, sole2];
    const pendingOf = (i: { id: number; amount: string }) => (i.id === partly.id ? "10.00" : money(i.amount).toFixed(2));
    const byId = (a: number, b: number) => a - b;

    const stats = await call("ap@acme.test", "GET", `/api/invoices_pay_bills/stats?_group=currency_code&_sum=outstanding_balance_pending&payable=now&${mine}`);
    expect(stats.statusCode, stats.body).toBe(200);
    const total = sum(payable.map(pendingOf));
    expect(stats.json().data).toEqual([{ key: "USD", count: 6, sum: total }]);
    // the plain list still shows the held and method-less invoices (not payable now)
    expect((await call("ap@acme.test", "GET", `/api/invoices_pay_bills/stats?_group=currency_code&${mine}`)).json().data[0].count).toBe(11);

    const listed = await call("ap@acme.test", "GET", `/api/invoices_pay_bills?payable=now&_end=100&${mine}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().data as { id: number; outstanding_balance_pending: string; is_payable_now: boolean; payment_method: { id: number } | null }[];
    expect(rows.map((r) => r.id).sort(byId)).toEqual(payable.map((i) => i.id).sort(byId));
    expect(rows.every((r) => r.is_payable_now && r.payment_method)).toBe(true);
    const all = (await call("ap@acme.test", "GET", `/api/invoices_pay_bills?_end=100&${mine}`)).json().data as { id: number; is_payable_now: boolean; payment_method: unknown }[];
    expect(Object.fromEntries(all.map((r) => [r.id, r.is_payable_now]))).toEqual({
      [held.id]: false, [kept1.id]: true, [ambiguous1.id]: false, [ambiguous2.id]: false, [partly.id]: true, [kept2.id]: true, [kept3.id]: true,
      [sole1.id]: true, [sole2.id]: true, [inactive1.id]: false, [inactive2.id]: false,
    });
    expect(all.find((r) => r.id === ambiguous1.id)!.payment_method).toBeNull();

    // the run built from the listed rows (what the pay-bills 'all' mode sends) is exactly the totals
    const run = await createdRun(fixture, rows.map((r) => ({ invoice_id: r.id, amount: r.outstanding_balance_pending })));
    expect(run.total_amount).toBe(total);
    expect((await call("ap@acme.test", "GET", `/api/invoices_pay_bills/stats?payable=now&${mine}`)).json().data[0].count).toBe(0);
    // what the rule leaves out is refused by the run too
    const refused = await call("admin@acme.test", "POST", "/api/payment_runs", {
      payment_date: paymentDate, items: [held, ambiguous1, inactive1].map((i) => ({ invoice_id: i.id, amount: i.amount })),
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(["items.0.invoice_id", "items.1.payment_method_id", "items.2.payment_method_id"]);
    expect((await call("ap@acme.test", "GET", "/api/invoices_pay_bills?payable=yes")).statusCode).toBe(400);
  });
});

describe("payment runs: approval", () => {
  it("submit → PENDING with the approver's approval; reject releases the reservations", async () => {
    const fixture = await payables(1, 2);
    const run = await createdRun(fixture);
    const submitted = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe("PENDING");
    const approvals = await call("admin@acme.test", "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${run.id}`);
    expect(approvals.json().data).toHaveLength(1);
    const rejected = await call("approver@acme.test", "POST", `/api/approvals/${approvals.json().data[0].id}/reject`, { comment: "not this week" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await call("admin@acme.test", "GET", `/api/payment_runs/${run.id}`)).json().data.status).toBe("REJECTED");
    for (const invoice of fixture.invoices) expect(await pending(invoice.id)).toBe(money(invoice.amount).toFixed(2));
  });
});

/** A run created, submitted and approved by the approver. */
async function approvedRun(fixture: PayableFixture, items = itemsOf(fixture)) {
  const run = await createdRun(fixture, items);
  expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`)).statusCode).toBe(200);
  const approvals = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${run.id}`)).json().data as { id: number }[];
  expect(approvals).toHaveLength(1);
  const approved = await call("approver@acme.test", "POST", `/api/approvals/${approvals[0].id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return run;
}

async function invoiceRow(id: number) {
  const row = await h.database.db.selectFrom("invoices").select(["payments_sum", "balance_outstanding", "outstanding_balance_pending", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { ...row, payments_sum: money(String(row.payments_sum)).toFixed(2), balance_outstanding: money(String(row.balance_outstanding)).toFixed(2) };
}

async function filesOf(runId: number) {
  const response = await call("admin@acme.test", "GET", `/api/nacha_payments?payment_run_id=${runId}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; amount: string; status: string; entry_count: number; content?: string }[];
}

describe("payment runs: processing", () => {
  it("refused before approval (409); after approval payments, balances, journal and one NACHA file that adds up", async () => {
    const fixture = await payables(3, 2, 3); // vendor 1 is an individual (PPD), 2 and 3 businesses (CCD)
    const partial = fixture.invoices.map((i, n) => ({ invoice_id: i.id, amount: n === 0 ? "10.00" : i.amount }));
    const created = await createdRun(fixture, partial);
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${created.id}/process`)).statusCode).toBe(409);
    await call("admin@acme.test", "DELETE", `/api/payment_runs/${created.id}`);

    const run = await approvedRun(fixture, partial);
    const processed = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, { "idempotency-key": `once-${run.id}` });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json().data.status).toBe("OPEN");

    const payments = await h.database.db.selectFrom("payments").select(["id", "amount", "status", "payment_number", "trace_number", "payment_type"]).where("payment_run_id", "=", run.id).execute();
    expect(payments).toHaveLength(3);
    expect(payments.every((p) => p.status === "PROCESSING" && /^PAY-\d+$/.test(String(p.payment_number)) && /^\d{15}$/.test(String(p.trace_number)))).toBe(true);
    const achTotal = sum(payments.filter((p) => p.payment_type === "ach").map((p) => String(p.amount)));
    expect(achTotal).toBe(sum(partial.map((i) => i.amount)));

    // balances drop by exactly the amounts; a partly paid invoice is OPEN, a fully paid one PAID
    const first = await invoiceRow(fixture.invoices[0].id);
    expect(first).toMatchObject({ payments_sum: "10.00", balance_outstanding: money(fixture.invoices[0].amount).minus(10).toFixed(2), status: "OPEN" });
    for (const invoice of fixture.invoices.slice(1)) expect(await invoiceRow(invoice.id)).toMatchObject({ payments_sum: money(invoice.amount).toFixed(2), balance_outstanding: "0.00", status: "PAID" });

    // the journal: per payment, debit AP = credit bank
    const lines = await h.database.db.selectFrom("account_transactions").select(["entry_number", "debit_amount", "credit_amount"])
      .where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "in", payments.map((p) => p.id as number)).execute();
    expect(lines).toHaveLength(6);
    expect(sum(lines.map((l) => String(l.debit_amount)))).toBe(sum(lines.map((l) => String(l.credit_amount))));
    expect(sum(lines.map((l) => String(l.debit_amount)))).toBe(achTotal);

    // the NACHA file: 94-character lines, a multiple of 10, entry hash and totals recomputed from the file
    const files = await filesOf(run.id);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ status: "NEW", amount: achTotal, entry_count: 3 });
    expect(files[0].content).toBeUndefined();
    const download = await call("admin@acme.test", "GET", `/api/nacha_payments/${files[0].id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("text/plain");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename=/);
    const audit = auditNacha(download.body);
    expect(audit.lines.every((l) => l.length === 94)).toBe(true);
    expect(audit.lines.length % 10).toBe(0);
    expect(audit.file).toMatchObject({ count: audit.computed.count, hash: audit.computed.hash, credit: audit.computed.credit });
    for (const batch of audit.batches) expect([batch.controlCount, batch.controlHash, batch.controlCredit]).toEqual([batch.count, batch.hash, batch.credit]);
    expect(audit.computed.credit).toBe(BigInt(money(achTotal).times(100).toFixed(0)));
    expect(audit.batches.map((b) => b.sec).sort()).toEqual(["CCD", "PPD"]);
    expect(audit.entries.map((e) => e.trace).sort()).toEqual(payments.map((p) => String(p.trace_number)).sort());
    expect(audit.entries.map((e) => e.idNumber).sort()).toEqual(payments.map((p) => String(p.payment_number)).sort());
    // the GET changes nothing; who pays records the download
    expect((await filesOf(run.id))[0].status).toBe("NEW");
    expect((await call("admin@acme.test", "POST", `/api/nacha_payments/${files[0].id}/downloaded`)).statusCode).toBe(200);
    expect((await filesOf(run.id))[0].status).toBe("DOWNLOAD");

    // a repeat with the same key answers the same; without it, the run is no longer APPROVED
    const again = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, { "idempotency-key": `once-${run.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(run.id);
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`)).statusCode).toBe(409);
    expect(await h.database.db.selectFrom("payments").select("id").where("payment_run_id", "=", run.id).execute()).toHaveLength(3);
  });

  it("e-mails each paid vendor's primary contact the remittance advice after processing, once", async () => {
    const fixture = await payables(2, 2);
    const [withContact] = fixture.vendorIds;
    const email = `ar-${process.pid}-${withContact}@vendor.test`;
    await h.database.db.insertInto("contacts").values({
      company_id: await acme(), first_name: "Accounts", last_name: "Receivable", contact_type: "VENDOR", vendor_id: withContact, email, vendor_roles: ["PRIMARY"],
    }).execute();
    const run = await approvedRun(fixture, fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })));
    const key = { "idempotency-key": `mail-${run.id}` };
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, key)).statusCode).toBe(200);
    const paid = await h.database.db.selectFrom("payments").select(["id", "payment_number"]).where("payment_run_id", "=", run.id).where("vendor_id", "=", withContact).executeTakeFirstOrThrow();
    const mailsTo = () => h.database.db.selectFrom("mail_messages").select(["subject", "text", "related_id"]).where("to", "=", email).execute();
    // sent after the response, outside the request
    await expect.poll(async () => (await mailsTo()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsTo();
    expect(mail.subject).toContain(String(paid.payment_number));
    expect(mail.related_id).toBe(paid.id);
    for (const invoice of fixture.invoices.filter((i) => i.vendor_id === withContact)) expect(mail.text).toContain(invoice.number);
    // the vendor without a primary contact gets nothing; a repeat of the call sends nothing more
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, key)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo()).toHaveLength(1);
  });

  it("10 concurrent process calls: one set of payments and one file (same key: the same answer; no key: one 200, nine 409)", async () => {
    for (const withKey of [true, false]) {
      const fixture = await payables(2, 2);
      const run = await approvedRun(fixture);
      const headers = { ...(await h.login("admin@acme.test")), ...(withKey ? { "idempotency-key": `burst-${run.id}` } : {}) };
      const responses = await Promise.all(Array.from({ length: 10 }, () => h.app.inject({ method: "POST", url: `/api/payment_runs/${run.id}/process`, headers })));
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes).toEqual(withKey ? Array(10).fill(200) : [200, ...Array(9).fill(409)]);
      const payments = await h.database.db.selectFrom("payments").select(["id", "payment_number"]).where("payment_run_id", "=", run.id).execute();
      expect(payments).toHaveLength(2);
      expect(await filesOf(run.id)).toHaveLength(1);
      const lines = await h.database.db.selectFrom("account_transactions").select("id").where("account_transactionable_type", "=", "Payment")
        .where("account_transactionable_id", "in", payments.map((p) => p.id as number)).execute();
      expect(lines).toHaveLength(4);
      for (const invoice of fixture.invoices) expect((await invoiceRow(invoice.id)).payments_sum).toBe(money(invoice.amount).toFixed(2));
    }
  });
});

describe("payment runs: exclusion and deletion", () => {
  it("an approver excludes a DEBIT payment while the approval is current; the reservation returns", async () => {
    const fixture = await payables(2, 1);
    const run = await createdRun(fixture);
    const payments = await h.database.db.selectFrom("payments").select(["id", "vendor_id"]).where("payment_run_id", "=", run.id).orderBy("id").execute();
    expect((await call("approver@acme.test", "POST", `/api/payment_runs/${run.id}/exclude`, { payment_ids: [payments[0].id] })).statusCode).toBe(409);
    await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`);
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/exclude`, { payment_ids: [payments[0].id] })).statusCode).toBe(403);
    const excluded = await call("approver@acme.test", "POST", `/api/payment_runs/${run.id}/exclude`, { payment_ids: [payments[0].id] });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const paid = fixture.invoices.find((i) => i.vendor_id === payments[0].vendor_id)!;
    const kept = fixture.invoices.find((i) => i.vendor_id !== payments[0].vendor_id)!;
    expect(excluded.json().data).toMatchObject({ total_amount: money(kept.amount).toFixed(2), total_vendor_count: 1 });
    expect(await pending(paid.id)).toBe(money(paid.amount).toFixed(2));
    expect(await pending(kept.id)).toBe("0.00");
    const voided = await h.database.db.selectFrom("payments").select(["status", "excluded"]).where("id", "=", payments[0].id).executeTakeFirstOrThrow();
    expect(voided).toEqual({ status: "VOID", excluded: true });
    const again = await call("approver@acme.test", "POST", `/api/payment_runs/${run.id}/exclude`, { payment_ids: [payments[0].id] });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(["payment_ids.0"]);
  });

  it("a delegate of the current approver (Approval or All, within its dates) excludes rows; a non-delegate or an expired delegate cannot (403)", async () => {
    const company = await acme();
    const contactOf = async (email: string) => (await h.database.db.selectFrom("contacts").select("id").where("company_id", "=", company).where("email", "=", email).executeTakeFirstOrThrow()).id as number;
    const [approver, ap] = [await contactOf("approver@acme.test"), await contactOf("ap@acme.test")];
    const delegate = async (values: { delegate_type: string; start_date: string; end_date?: string }) => {
      const made = await call("admin@acme.test", "POST", "/api/delegations", { delegator_contact_id: approver, delegate_contact_id: ap, reason: "Approver away", ...values });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.id as number;
    };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const fixture = await payables(3, 1);
    const run = await createdRun(fixture);
    await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`);
    const payments = await h.database.db.selectFrom("payments").select(["id"]).where("payment_run_id", "=", run.id).orderBy("id").execute();
    const exclude = (paymentId: number) => call("ap@acme.test", "POST", `/api/payment_runs/${run.id}/exclude`, { payment_ids: [paymentId] });
    const statusOf = async (id: number) => (await h.database.db.selectFrom("payments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

    const stranger = await exclude(payments[0].id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().errors.base[0]).toContain("delegate");
    const expired = await delegate({ delegate_type: "Approval", start_date: day(-10), end_date: day(-1) });
    const future = await delegate({ delegate_type: "All", start_date: day(1) });
    expect((await exclude(payments[0].id)).statusCode).toBe(403);
    expect(await statusOf(payments[0].id)).toBe("PENDING");

    const approval = await delegate({ delegate_type: "Approval", start_date: day(0), end_date: day(0) });
    const first = await exclude(payments[0].id);
    expect(first.statusCode, first.body).toBe(200);
    expect(await statusOf(payments[0].id)).toBe("VOID");
    const audited = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "payment_runs").where("item_id", "=", run.id)
      .orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((audited.changes as { excluded: Record<string, unknown> }).excluded).toMatchObject({ payment_ids: [payments[0].id], on_behalf_of_contact_id: approver });
    await h.database.db.deleteFrom("delegations").where("id", "=", approval).execute();
    expect((await exclude(payments[1].id)).statusCode).toBe(403);

    const all = await delegate({ delegate_type: "All", start_date: day(-1) });
    expect((await exclude(payments[1].id)).statusCode).toBe(200);
    expect(await statusOf(payments[1].id)).toBe("VOID");
    expect(await statusOf(payments[2].id)).toBe("PENDING");
    // ap is nobody's delegate again for the tests that follow
    await h.database.db.deleteFrom("delegations").where("id", "in", [expired, future, all]).execute();
  });

  it("excluding one invoice row shrinks its payment and returns that reservation only", async () => {
    const fixture = await payables(1, 2);
    const [gone, kept] = fixture.invoices;
    const run = await createdRun(fixture);
    await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`);
    const item = await h.database.db.selectFrom("payment_run_items").select(["id", "payment_id"]).where("payment_run_id", "=", run.id).where("invoice_id", "=", gone.id).executeTakeFirstOrThrow();
    const excluded = await call("approver@acme.test", "POST", `/api/payment_runs/${run.id}/exclude`, { item_ids: [item.id] });
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(excluded.json().data.total_amount).toBe(money(kept.amount).toFixed(2));
    expect(await pending(gone.id)).toBe(money(gone.amount).toFixed(2));
    expect(await pending(kept.id)).toBe("0.00");
    const payment = await h.database.db.selectFrom("payments").select(["amount", "status", "excluded"]).where("id", "=", item.payment_id as number).executeTakeFirstOrThrow();
    expect({ ...payment, amount: money(String(payment.amount)).toFixed(2) }).toEqual({ amount: money(kept.amount).toFixed(2), status: "PENDING", excluded: false });
    const links = await h.database.db.selectFrom("invoice_payment_links").select("invoice_id").where("payment_id", "=", item.payment_id as number).execute();
    expect(links.map((l) => l.invoice_id)).toEqual([kept.id]);
    const row = await h.database.db.selectFrom("payment_run_items").select(["status", "excluded"]).where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "VOID", excluded: true });
  });

  it("deletes only an unprocessed run, releasing its reservations; an approved run stays", async () => {
    const fixture = await payables(1, 2);
    const run = await createdRun(fixture);
    const removed = await call("admin@acme.test", "DELETE", `/api/payment_runs/${run.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    for (const invoice of fixture.invoices) expect(await pending(invoice.id)).toBe(money(invoice.amount).toFixed(2));
    expect(await h.database.db.selectFrom("payments").select("id").where("payment_run_id", "=", run.id).execute()).toHaveLength(0);
    expect((await call("admin@acme.test", "GET", `/api/payment_runs/${run.id}`)).statusCode).toBe(404);
    const approved = await approvedRun(fixture);
    // the generic delete refuses a row its delete action's `when` (is_allow_to_delete) excludes: 422, as for every resource
    const refused = await call("admin@acme.test", "DELETE", `/api/payment_runs/${approved.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.base[0]).toMatch(/cannot be deleted in status APPROVED/);
    expect((await call("admin@acme.test", "GET", `/api/payment_runs/${approved.id}`)).statusCode).toBe(200);
  });
});

describe("payment runs: permissions", () => {
  it("staff, the vendor portal and another company are refused", async () => {
    const fixture = await payables(1, 1);
    const body = { payment_date: paymentDate, items: itemsOf(fixture) };
    for (const email of ["staff@acme.test", "vendor@northwind.test", "readonly@acme.test"]) {
      expect((await call(email, "POST", "/api/payment_runs", body)).statusCode, email).toBe(403);
      expect((await call(email, "POST", "/api/payment_runs/preview", body)).statusCode, email).toBe(403);
    }
    const run = await createdRun(fixture);
    for (const email of ["staff@acme.test", "vendor@northwind.test"]) {
      expect((await call(email, "POST", `/api/payment_runs/${run.id}/process`)).statusCode, email).toBe(403);
      expect((await call(email, "DELETE", `/api/payment_runs/${run.id}`)).statusCode, email).toBe(403);
    }
    // Globex cannot see, process or delete Acme's run, nor pay Acme's invoices
    expect((await call("admin@globex.test", "POST", `/api/payment_runs/${run.id}/process`)).statusCode).toBe(404);
    expect((await call("admin@globex.test", "DELETE", `/api/payment_runs/${run.id}`)).statusCode).toBe(404);
    const foreign = await call("admin@globex.test", "POST", "/api/payment_runs", body);
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(["items.0.invoice_id"]);
    expect(await pending(fixture.invoices[0].id)).toBe("0.00");
  });
});

describe("payment runs: vendor credits", () => {
  async function credit(vendorId: number, amount: string) {
    const [row] = await h.database.db.insertInto("payments").values({
      company_id: await acme(), payment_number: `CM-T${process.pid}-${++tags}`, vendor_id: vendorId, payment_date: "2026-11-01", amount, balance: amount,
      currency_code: "USD", record_type: "CREDIT", status: "AVAILABLE",
    }).returning("id").execute();
    return row.id as number;
  }

  it("a credit reserved with the row, applied on processing; never promised twice; another vendor's refused", async () => {
    const fixture = await payables(2, 1);
    const [mine, other] = fixture.invoices;
    const creditId = await credit(mine.vendor_id, "30.00");
    const cash = money(mine.amount).minus("30.00").toFixed(2);
    const body = { payment_date: paymentDate, items: [{ invoice_id: mine.id, amount: cash }, { invoice_id: other.id, amount: "5.00" }], credits: [{ credit_id: creditId, invoice_id: mine.id, amount: "30.00" }] };

    const refused = await call("admin@acme.test", "POST", "/api/payment_runs", { ...body, credits: [{ credit_id: creditId, invoice_id: other.id, amount: "1.00" }] });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(["credits.0.credit_id"]);

    const preview = (await call("admin@acme.test", "POST", "/api/payment_runs/preview", body)).json().data;
    expect(preview.payments.find((p: { vendor_id: number }) => p.vendor_id === mine.vendor_id)).toMatchObject({ amount: cash, credit_amount: "30.00", credits: [{ credit_id: creditId, amount: "30.00" }] });

    const created = await call("admin@acme.test", "POST", "/api/payment_runs", body);
    expect(created.statusCode, created.body).toBe(201);
    expect(await pending(mine.id)).toBe("0.00");
    // the credit is promised to the run: a second run cannot take it again
    const fresh = await payables(1, 1);
    const again = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: itemsOf(fresh), credits: [{ credit_id: creditId, invoice_id: fresh.invoices[0].id, amount: "1.00" }] });
    expect(again.statusCode).toBe(422);

    const run = created.json().data as { id: number };
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`)).statusCode).toBe(200);
    const [approval] = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${run.id}`)).json().data as { id: number }[];
    expect((await call("approver@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
    const processed = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`);
    expect(processed.statusCode, processed.body).toBe(200);
    expect(await invoiceRow(mine.id)).toMatchObject({ payments_sum: money(mine.amount).toFixed(2), balance_outstanding: "0.00", status: "PAID" });
    const used = await h.database.db.selectFrom("payments").select(["balance", "status"]).where("id", "=", creditId).executeTakeFirstOrThrow();
    expect([money(String(used.balance)).toFixed(2), used.status]).toEqual(["0.00", "APPLIED"]);
    // the NACHA file carries only the cash
    const [file] = await filesOf(run.id);
    expect(file.amount).toBe(sum([cash, "5.00"]));
  });

  it("a deleted run gives the credit's reservation back", async () => {
    const fixture = await payables(1, 1);
    const [invoice] = fixture.invoices;
    const creditId = await credit(invoice.vendor_id, "10.00");
    const created = await call("admin@acme.test", "POST", "/api/payment_runs", {
      payment_date: paymentDate, items: [{ invoice_id: invoice.id, amount: "20.00" }], credits: [{ credit_id: creditId, invoice_id: invoice.id, amount: "10.00" }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await pending(invoice.id)).toBe(money(invoice.amount).minus(30).toFixed(2));
    const removed = await call("admin@acme.test", "DELETE", `/api/payment_runs/${created.json().data.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await pending(invoice.id)).toBe(money(invoice.amount).toFixed(2));
  });
});
