/**
 * Expenses reimbursed (issue 15 item 2): items priced by the server (mileage, per diem), the receipt
 * threshold and policies that warn or block, statuses only through actions, an employee's expenses
 * their own; an approved report posted to the ledger, paid by a payment run to the employee's method
 * as a PPD entry, and PAID — once, however often processing is asked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money, sum } from "../../src/framework/money.js";
import { auditNacha } from "../support/nacha-audit.js";
import { acmeOf, useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { jpeg, pdf, uploads } from "./uploads.js";

const h = useApp();
const { upload } = uploads(h);
const paymentDate = earliestPaymentDate();
type Acme = Awaited<ReturnType<typeof acmeOf>>;
let acme: Acme;
let staff: number;
let seq = 0;

async function call(email: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, extra: Record<string, string> = {}) {
  return h.app.inject({ method, url, headers: { ...(await h.login(email)), ...extra }, ...(payload ? { payload } : {}) });
}

async function created(email: string, url: string, payload: object): Promise<Record<string, unknown> & { id: number }> {
  const response = await call(email, "POST", url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const db = () => h.database.db;

/** A fresh NEW report of staff's (optionally under a policy). */
async function report(policyId: number | null = null) {
  return created("staff@acme.test", "/api/expense_reports", {
    number: `ER-T${process.pid}-${++seq}`, employee_contact_id: staff, date: "2026-11-02", currency_code: "USD", policy_id: policyId,
  });
}

async function policy(values: object) {
  return created("admin@acme.test", "/api/policies", { name: `Policy T${process.pid}-${++seq}`, currency_code: "USD", ...values });
}

async function item(reportId: number, values: object) {
  return call("staff@acme.test", "POST", "/api/expense_items", { expense_report_id: reportId, date: "2026-11-02", merchant: "Somewhere", ...values });
}

const reportRow = async (id: number) => db().selectFrom("expense_reports").select(["status", "amount"]).where("id", "=", id).executeTakeFirstOrThrow();
const itemCount = async (reportId: number) => (await db().selectFrom("expense_items").select("id").where("expense_report_id", "=", reportId).execute()).length;

beforeAll(async () => {
  acme = await acmeOf(h);
  staff = await acme.contact("staff@acme.test");
  await db().updateTable("companies").set({
    mileage_rates: JSON.stringify([{ from: "2026-01-01", rate: "0.655" }, { from: "2026-07-01", rate: "0.70" }]), expense_receipt_threshold: "25.00",
  }).where("id", "=", acme.company).execute();
});

describe("items priced by the server", () => {
  it("mileage is the distance × the company's rate for the item's date; a typed amount is not taken", async () => {
    const r = await report();
    const august = await item(r.id, { expense_type: "mileage", mileage_distance: "100", amount: "999.00", date: "2026-08-03" });
    expect(august.statusCode, august.body).toBe(201);
    expect(august.json().data.amount).toBe("70.00");
    const march = await item(r.id, { expense_type: "mileage", mileage_distance: "12.5", date: "2026-03-02" });
    expect(march.json().data.amount).toBe("8.19"); // 12.5 × 0.655 = 8.1875
    expect((await reportRow(r.id)).amount).toBe(sum(["70.00", "8.19"]));
    // a change of distance re-prices it
    const patched = await call("staff@acme.test", "PATCH", `/api/expense_items/${String(march.json().data.id)}`, { mileage_distance: "20" });
    expect(patched.json().data.amount).toBe("13.10");
  });

  it("mileage before any rate, or without a distance, is 422 and nothing is written", async () => {
    const r = await report();
    const early = await item(r.id, { expense_type: "mileage", mileage_distance: "10", date: "2025-12-31" });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.mileage_distance[0]).toMatch(/no mileage rate for 2025-12-31/);
    const none = await item(r.id, { expense_type: "mileage", amount: "10.00" });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(["mileage_distance"]);
    expect(await itemCount(r.id)).toBe(0);
  });

  it("a per diem is the policy's daily rate × the days; without a rate it is refused", async () => {
    const p = await policy({ per_diems: "45.00" });
    const r = await report(p.id);
    const diem = await item(r.id, { expense_type: "per diem", per_diem_days: 3, amount: "500" });
    expect(diem.statusCode, diem.body).toBe(201);
    expect(diem.json().data.amount).toBe("135.00");
    const bare = await report();
    const refused = await item(bare.id, { expense_type: "per diem", per_diem_days: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.per_diem_days[0]).toMatch(/no per diem rate/);
  });
});

describe("receipts and policies", () => {
  it("an item above the company's receipt threshold without a receipt stops the submit (422, nothing moves); with one it goes", async () => {
    const r = await report();
    const meal = await item(r.id, { merchant: "Bistro", amount: "40.00", category_name: "Meals" });
    expect(meal.statusCode).toBe(201);
    await item(r.id, { merchant: "Coffee", amount: "4.50" });
    const refused = await call("staff@acme.test", "POST", `/api/expense_reports/${r.id}/submit`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.expense_items[0]).toBe("need a receipt above 25.00 USD: Bistro (2026-11-02)");
    expect((await reportRow(r.id)).status).toBe("NEW");
    // a tick is not a receipt: the flag is the server's
    const ticked = await call("staff@acme.test", "PATCH", `/api/expense_items/${String(meal.json().data.id)}`, { receipt_attached: true });
    expect(ticked.statusCode).toBe(422);
    expect((await call("staff@acme.test", "POST", `/api/expense_reports/${r.id}/submit`)).statusCode).toBe(422);
    // the employee's own receipt file (upload or phone camera) is
    expect((await upload({ type: "ExpenseItem", id: meal.json().data.id }, "bistro.jpg", jpeg, "staff@acme.test")).statusCode).toBe(201);
    const submitted = await call("staff@acme.test", "POST", `/api/expense_reports/${r.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe("PENDING");
  });

  it("a policy that warns flags the item; one that blocks refuses it, and refuses a report holding one", async () => {
    const warn = await policy({ categories: [{ category: "Meals", limit: "30.00" }] });
    const r = await report(warn.id);
    const flagged = await item(r.id, { amount: "35.00", category_name: "Meals" });
    expect(flagged.statusCode).toBe(201);
    expect(flagged.json().data.policy_violation).toBe("Over the Meals limit of 30.00 USD");

    const block = await policy({ categories: [{ category: "Meals", limit: "30.00" }], violation_action: "block" });
    const blocked = await report(block.id);
    const refused = await item(blocked.id, { amount: "35.00", category_name: "Meals" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount[0]).toBe("breaks the report's policy: Over the Meals limit of 30.00 USD");
    expect(await itemCount(blocked.id)).toBe(0);

    // the warning report is moved under a policy that now blocks: its submit is refused
    await call("admin@acme.test", "PATCH", `/api/policies/${warn.id}`, { violation_action: "block" });
    const submit = await call("staff@acme.test", "POST", `/api/expense_reports/${r.id}/submit`);
    expect(submit.statusCode).toBe(422);
    expect(submit.json().errors.policy_id[0]).toMatch(/^blocks items that break it: Somewhere/);
    expect((await reportRow(r.id)).status).toBe("NEW");
  });
});

describe("statuses and ownership", () => {
  it("an item or report created PAID (or moved to PAID by an edit) is refused; nothing is written", async () => {
    const before = (await db().selectFrom("expense_items").select("id").where("employee_contact_id", "=", staff).execute()).length;
    const paidItem = await call("staff@acme.test", "POST", "/api/expense_items", { date: "2026-11-02", merchant: "Taxi", amount: "20.00", status: "PAID" });
    expect(paidItem.statusCode).toBe(422);
    expect(paidItem.json().errors.status).toBeDefined();
    expect((await db().selectFrom("expense_items").select("id").where("employee_contact_id", "=", staff).execute()).length).toBe(before);
    const paidReport = await call("staff@acme.test", "POST", "/api/expense_reports", { number: `ER-PAID-${process.pid}`, employee_contact_id: staff, date: "2026-11-02", currency_code: "USD", status: "PAID" });
    expect(paidReport.statusCode).toBe(422);
    expect(await db().selectFrom("expense_reports").select("id").where("number", "=", `ER-PAID-${process.pid}`).executeTakeFirst()).toBeUndefined();
    const r = await report();
    const moved = await call("staff@acme.test", "PATCH", `/api/expense_reports/${r.id}`, { status: "PAID" });
    expect(moved.statusCode).toBe(422);
    expect((await reportRow(r.id)).status).toBe("NEW");
  });

  it("staff get 404 on another employee's report and item; their own are theirs", async () => {
    const approver = await acme.contact("approver@acme.test");
    const other = await created("admin@acme.test", "/api/expense_reports", { number: `ER-O${process.pid}-${++seq}`, employee_contact_id: approver, date: "2026-11-02", currency_code: "USD" });
    const otherItem = await created("admin@acme.test", "/api/expense_items", { expense_report_id: other.id, date: "2026-11-02", merchant: "Hotel", amount: "10.00" });
    for (const [method, url, body] of [
      ["GET", `/api/expense_reports/${other.id}`], ["PATCH", `/api/expense_reports/${other.id}`, { description: "mine" }], ["POST", `/api/expense_reports/${other.id}/submit`],
      ["GET", `/api/expense_items/${otherItem.id}`], ["PATCH", `/api/expense_items/${otherItem.id}`, { amount: "1.00" }], ["DELETE", `/api/expense_items/${otherItem.id}`],
    ] as const) {
      expect((await call("staff@acme.test", method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // nor can an item of theirs be put on another's report
    const onto = await call("staff@acme.test", "POST", "/api/expense_items", { expense_report_id: other.id, date: "2026-11-02", merchant: "Hotel", amount: "5.00" });
    expect([404, 422]).toContain(onto.statusCode);
    const kept = await db().selectFrom("expense_items").select(["amount"]).where("id", "=", otherItem.id).executeTakeFirstOrThrow();
    expect(money(String(kept.amount)).toFixed(2)).toBe("10.00");
    expect(await itemCount(other.id)).toBe(1);
    expect((await reportRow(other.id)).status).toBe("NEW");
  });
});

/** Staff's ACTIVE ACH method (owner_type Contact): the demo's, else one made here. */
async function staffMethod(): Promise<{ id: number; routing: string }> {
  const existing = await db().selectFrom("payment_methods").select(["id", "routing"]).where("company_id", "=", acme.company).where("owner_type", "=", "Contact")
    .where("contact_id", "=", staff).where("status", "=", "ACTIVE").executeTakeFirst();
  if (existing) return { id: existing.id, routing: String(existing.routing) };
  const row = await db().insertInto("payment_methods").values({
    company_id: acme.company, owner_type: "Contact", contact_id: staff, name: "Staff checking", payment_type: "ach", routing: "021000021",
    account_number: "000123456789", account_type: "checking", currency_code: "USD", status: "ACTIVE", is_default: true,
  }).returning(["id", "routing"]).executeTakeFirstOrThrow();
  return { id: row.id, routing: String(row.routing) };
}

/** A report of staff's with a mileage item and a meal with its receipt, submitted and approved by the approver. */
async function approvedReport() {
  await useWorkflow(h, "ExpenseReport", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [await acme.contact("approver@acme.test")] }]);
  const r = await report();
  expect((await item(r.id, { expense_type: "mileage", mileage_distance: "40", date: "2026-11-02" })).statusCode).toBe(201);
  const meal = await item(r.id, { merchant: "Bistro", amount: "32.40", category_name: "Meals" });
  expect(meal.statusCode).toBe(201);
  expect((await upload({ type: "ExpenseItem", id: meal.json().data.id }, "bistro.pdf", pdf("Bistro 32.40"), "staff@acme.test")).statusCode).toBe(201);
  expect((await call("staff@acme.test", "POST", `/api/expense_reports/${r.id}/submit`)).statusCode).toBe(200);
  const approvals = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=ExpenseReport&approvable_id=${r.id}`)).json().data as { id: number }[];
  const approved = await call("approver@acme.test", "POST", `/api/approvals/${approvals[0].id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  expect(await reportRow(r.id)).toMatchObject({ status: "OPEN", amount: "60.40" }); // 40 × 0.70 + 32.40
  return r;
}

const journalOf = (type: string, id: number) => db().selectFrom("account_transactions as t").innerJoin("accounts as a", "a.id", "t.account_id")
  .select(["a.number", "t.debit_amount", "t.credit_amount"]).where("t.account_transactionable_type", "=", type as never).where("t.account_transactionable_id", "=", id).orderBy("t.id").execute();

const amounts = (lines: { number: unknown; debit_amount: unknown; credit_amount: unknown }[]) =>
  lines.map((l) => [String(l.number), money(String(l.debit_amount)).toFixed(2), money(String(l.credit_amount)).toFixed(2)]);

describe("reimbursement through a payment run", () => {
  it("approval posts the expense owed; a pay-expenses run pays the employee by a PPD entry; the report is PAID; once", async () => {
    const method = await staffMethod();
    const r = await approvedReport();
    expect(amounts(await journalOf("ExpenseReport", r.id))).toEqual([["6300", "60.40", "0.00"], ["2150", "0.00", "60.40"]]);

    // staff cannot pay; the report's amount is the report's
    expect((await call("staff@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ expense_report_id: r.id }] })).statusCode).toBe(403);
    const typed = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ expense_report_id: r.id, amount: "1.00" }] });
    expect(typed.statusCode).toBe(422);
    expect(Object.keys(typed.json().errors)).toEqual(["items.0.amount"]);

    const preview = await call("admin@acme.test", "POST", "/api/payment_runs/preview", { payment_date: paymentDate, items: [{ expense_report_id: r.id }] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.payments[0]).toMatchObject({ vendor_id: null, employee_contact_id: staff, payment_method_id: method.id, amount: "60.40", expense_reports: [{ expense_report_id: r.id, amount: "60.40" }] });

    const createdRun = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ expense_report_id: r.id }] });
    expect(createdRun.statusCode, createdRun.body).toBe(201);
    const run = createdRun.json().data as { id: number; total_amount: string; total_vendor_count: number };
    expect(run).toMatchObject({ total_amount: "60.40", total_vendor_count: 1 });
    const rows = await db().selectFrom("payment_run_items").select(["invoice_type", "invoice_id", "expense_report_id", "employee_contact_id", "amount"]).where("payment_run_id", "=", run.id).execute();
    expect(rows).toEqual([{ invoice_type: "EXPENSE", invoice_id: null, expense_report_id: r.id, employee_contact_id: staff, amount: "60.40" }]);

    // a second run cannot take the same report
    const twice = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ expense_report_id: r.id }] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors["items.0.expense_report_id"][0]).toMatch(/is already in payment run PR-/);

    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/submit`)).statusCode).toBe(200);
    const approvals = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${run.id}`)).json().data as { id: number }[];
    expect((await call("approver@acme.test", "POST", `/api/approvals/${approvals[0].id}/approve`)).statusCode).toBe(200);
    const key = { "idempotency-key": `expense-run-${run.id}` };
    const processed = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, key);
    expect(processed.statusCode, processed.body).toBe(200);
    const again = await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(processed.body);
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${run.id}/process`)).statusCode).toBe(409);

    // PAID, items too; the employee can see it
    expect((await reportRow(r.id)).status).toBe("PAID");
    const items = await db().selectFrom("expense_items").select("status").where("expense_report_id", "=", r.id).execute();
    expect(items.map((i) => i.status)).toEqual(["PAID", "PAID"]);
    expect((await call("staff@acme.test", "GET", `/api/expense_reports/${r.id}`)).json().data.status).toBe("PAID");

    // one payment to the employee, PROCESSING; journal: debit reimbursements owed, credit the bank
    const payments = await db().selectFrom("payments").select(["id", "vendor_id", "employee_contact_id", "amount", "status", "payment_number"]).where("payment_run_id", "=", run.id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ vendor_id: null, employee_contact_id: staff, amount: "60.40", status: "PROCESSING" });
    const paid = amounts(await journalOf("Payment", payments[0].id));
    expect(paid[0]).toEqual(["2150", "60.40", "0.00"]);
    expect(paid[1][2]).toBe("60.40");
    const all = [...(await journalOf("ExpenseReport", r.id)), ...(await journalOf("Payment", payments[0].id))];
    expect(sum(all.map((l) => String(l.debit_amount)))).toBe(sum(all.map((l) => String(l.credit_amount))));

    // the NACHA file: one PPD entry to the employee, the report number in the addenda
    const files = (await call("admin@acme.test", "GET", `/api/nacha_payments?payment_run_id=${run.id}`)).json().data as { id: number }[];
    expect(files).toHaveLength(1);
    const content = (await call("admin@acme.test", "GET", `/api/nacha_payments/${files[0].id}/file`)).body;
    const audit = auditNacha(content);
    expect(audit.batches.map((b) => b.sec)).toEqual(["PPD"]);
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ routing8: method.routing.slice(0, 8), amountCents: 6040n, idNumber: String(payments[0].payment_number), transactionCode: "22" });
    expect(audit.entries[0].addenda.join("")).toContain(String(r.number).toUpperCase());
    const entry = content.split("\n").find((l) => l.startsWith("6"))!;
    expect(entry.slice(54, 76).trim()).toBe((await staffName()).toUpperCase());
  });

  it("a deleted (unprocessed) run gives its report back to be paid by another", async () => {
    await staffMethod();
    const r = await approvedReport();
    const body = { payment_date: paymentDate, items: [{ expense_report_id: r.id }] };
    const first = await call("admin@acme.test", "POST", "/api/payment_runs", body);
    expect(first.statusCode, first.body).toBe(201);
    expect((await call("admin@acme.test", "POST", "/api/payment_runs", body)).statusCode).toBe(422);
    expect((await call("admin@acme.test", "DELETE", `/api/payment_runs/${String(first.json().data.id)}`)).statusCode).toBe(200);
    expect((await reportRow(r.id)).status).toBe("OPEN");
    expect((await call("admin@acme.test", "POST", "/api/payment_runs", body)).statusCode).toBe(201);
  });

  it("refuses a report not approved or not of this company; nothing is created", async () => {
    const draft = await report();
    await item(draft.id, { amount: "5.00" });
    const before = (await db().selectFrom("payment_runs").select("id").execute()).length;
    const response = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: paymentDate, items: [{ expense_report_id: draft.id }, { expense_report_id: 99999999 }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors["items.0.expense_report_id"][0]).toMatch(/is not awaiting reimbursement \(NEW\)/);
    expect(response.json().errors["items.1.expense_report_id"][0]).toBe("is not an expense report of this company");
    expect((await db().selectFrom("payment_runs").select("id").execute()).length).toBe(before);
  });
});

async function staffName(): Promise<string> {
  const c = await db().selectFrom("contacts").select(["first_name", "last_name"]).where("id", "=", staff).executeTakeFirstOrThrow();
  return [c.first_name, c.last_name].filter(Boolean).join(" ");
}
