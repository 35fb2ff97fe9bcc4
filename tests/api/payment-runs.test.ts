import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money, sum } from "../../src/framework/money.js";
import { payableFixture, type PayableFixture } from "../bench/payables-fixture.js";
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
