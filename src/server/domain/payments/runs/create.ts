/**
 * POST /api/payment_runs/preview and POST /api/payment_runs. Creating a run is one transaction:
 * the invoices locked FOR UPDATE in id order, every row checked (422 naming the row, nothing
 * written), then the run, its batches (one per originating account), its scheduled payments (DEBIT,
 * PENDING, one per vendor + method + originating account + currency) with their invoice links, its
 * invoice rows, and the reservation (each invoice's outstanding_balance_pending lowered by the amount).
 */
import { money, round, sum } from "../../../../framework/money.js";
import { resourceByName } from "../../../../../resources/index.js";
import type { DB } from "../../../db/connect.js";
import { insertRows } from "../../../db/bulk.js";
import type { FieldErrors } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { audit } from "../../../resources/write.js";
import { failIfAny } from "../../purchasing/records.js";
import { issueNumbers } from "../../ledger/numbers.js";
import { requiredRate } from "../../ledger/exchange-rates.js";
import { planRun, previewOf, type Plan, type PlannedPayment } from "./plan.js";
import { addError, readRunRequest } from "./request.js";
import { can } from "../../../../framework/permissions.js";
import { forbidden } from "../../../errors.js";
import { reserve } from "./reservations.js";
import { inTransaction } from "../../../db/unit-of-work.js";

const runs = resourceByName.get("payment_runs")!;

/** Who may put invoices in a run (spec 2.15, the pay-bills guard) and who expense reports (pay expenses). */
export const payInvoiceKeys = ["payInvoices", "invoicePayBills"] as const;
export const payExpenseKeys = ["payExpenseReports"] as const;

/** The request read, and refused (403) when it pays a kind of row the user may not pay. */
function readPermitted(ctx: Ctx, body: unknown) {
  const read = readRunRequest(body);
  if (read.request.items.length && !can(ctx.principal, payInvoiceKeys)) throw forbidden("Paying invoices needs payInvoices or invoicePayBills.");
  if (read.request.expenses.length && !can(ctx.principal, payExpenseKeys)) throw forbidden("Paying expense reports needs payExpenseReports.");
  return read;
}

/** A run pays in one currency: its total and its batches' totals add up only then. */
function checkOneCurrency(plan: Plan, errors: FieldErrors): string {
  const currency = plan.payments[0]?.currency_code ?? "";
  for (const payment of plan.payments) {
    if (payment.currency_code === currency) continue;
    for (const item of payment.items) addError(errors, `items.${item.index}.invoice_id`, `is in ${payment.currency_code}; this run pays ${currency} (one currency per run)`);
    for (const item of payment.expenses) addError(errors, `items.${item.index}.expense_report_id`, `is in ${payment.currency_code}; this run pays ${currency} (one currency per run)`);
  }
  return currency;
}

export async function previewRun(ctx: Ctx, body: unknown): Promise<Row> {
  const { request, errors } = readPermitted(ctx, body);
  const plan = await planRun(ctx.db, ctx, request, errors, false);
  failIfAny(errors);
  return previewOf(plan);
}

/** Who a payment pays: a vendor or an employee (the run's total_vendor_count counts both). */
const payeeOf = (p: PlannedPayment) => (p.vendor_id !== null ? `v${p.vendor_id}` : `e${String(p.employee_contact_id)}`);

/** One batch per originating account; a vendor paid from several accounts marks its batches matching_vendor. */
function batchesOf(payments: readonly PlannedPayment[]): Map<number, PlannedPayment[]> {
  const batches = new Map<number, PlannedPayment[]>();
  for (const p of payments) {
    const batch = batches.get(p.payment_method_from_id) ?? [];
    batch.push(p);
    batches.set(p.payment_method_from_id, batch);
  }
  return batches;
}

async function writeRun(trx: DB, ctx: Ctx, plan: Plan, currency: string): Promise<number> {
  const companyId = ctx.company.id;
  const [number] = await issueNumbers(trx, "payment_runs", "number", companyId, "PR", 1);
  const vendorCount = (payments: readonly PlannedPayment[]) => new Set(payments.map(payeeOf)).size;
  const total = sum(plan.payments.map((p) => p.amount));
  // a run pays in one currency on one date: one rate, fixed on every payment (their amount_in_functional follows)
  const rate = await requiredRate(trx, ctx, currency, plan.payment_date, "currency_code");
  const inFunctional = (payments: readonly PlannedPayment[]) => sum(payments.map((p) => round(money(p.amount).times(rate))));
  const run = (await trx.insertInto("payment_runs").values({
    company_id: companyId, number, status: "NEW", payment_date: plan.payment_date, total_amount: total, currency_code: currency,
    total_vendor_count: vendorCount(plan.payments), created_by_id: ctx.user.id, description: plan.description,
  }).returning("id").executeTakeFirstOrThrow());

  const batches = [...batchesOf(plan.payments)];
  const vendorBatches = new Map<string, number>();
  for (const [, payments] of batches) for (const v of new Set(payments.map(payeeOf))) vendorBatches.set(v, (vendorBatches.get(v) ?? 0) + 1);
  const batchIds = await insertRows(trx, "payment_run_batches", batches.map(([, payments], n) => ({
    company_id: companyId, payment_run_id: run.id, batch_number: `${number}-${n + 1}`, status: "NEW", total_vendor_count: vendorCount(payments),
    total_amount_in_functional: inFunctional(payments), functional_currency: ctx.company.currency_code,
    matching_vendor: payments.some((p) => (vendorBatches.get(payeeOf(p)) ?? 0) > 1),
  })));
  const batchOf = new Map(batches.map(([fromId], n) => [fromId, batchIds[n].id as number]));

  const paymentIds = await insertRows(trx, "payments", plan.payments.map((p, n) => ({
    company_id: companyId, payment_number: `${number}-${String(n + 1).padStart(4, "0")}`, vendor_id: p.vendor_id, employee_contact_id: p.employee_contact_id, payment_date: plan.payment_date,
    amount: p.amount, balance: "0.00", currency_code: p.currency_code, exchange_rate: rate, payment_type: p.payment_type, record_type: "DEBIT", status: "PENDING",
    payment_run_id: run.id, payment_method_id: p.payment_method_id, payment_method_from_id: p.payment_method_from_id, submitter_id: ctx.contact.id,
  })));
  const rows = plan.payments.flatMap((p, n) => p.items.map((item) => ({ item, paymentId: paymentIds[n].id as number })));
  await insertRows(trx, "invoice_payment_links", rows.map(({ item, paymentId }) => ({ company_id: companyId, invoice_id: item.invoice_id, payment_id: paymentId, amount: item.amount })));
  await insertRows(trx, "payment_run_items", rows.map(({ item, paymentId }) => ({
    company_id: companyId, payment_run_id: run.id, payment_run_batch_id: batchOf.get(item.payment_method_from_id), payment_id: paymentId,
    invoice_id: item.invoice_id, invoice_type: "INVOICE", vendor_id: item.vendor_id, amount: item.amount, currency_code: item.currency_code,
    payment_date: plan.payment_date, payment_method_id: item.payment_method_id, payment_method_from_id: item.payment_method_from_id,
    status: "NEW", payment_run_status: "NEW", credits: JSON.stringify(item.credits.map((c) => ({ credit_id: c.credit_id, amount: c.amount }))), credit_amount: item.credit_amount,
  })));
  const expenseRows = plan.payments.flatMap((p, n) => p.expenses.map((expense) => ({ expense, paymentId: paymentIds[n].id as number })));
  await insertRows(trx, "payment_run_items", expenseRows.map(({ expense, paymentId }) => ({
    company_id: companyId, payment_run_id: run.id, payment_run_batch_id: batchOf.get(expense.payment_method_from_id), payment_id: paymentId,
    expense_report_id: expense.expense_report_id, invoice_type: "EXPENSE", employee_contact_id: expense.employee_contact_id, amount: expense.amount,
    currency_code: expense.currency_code, payment_date: plan.payment_date, payment_method_id: expense.payment_method_id,
    payment_method_from_id: expense.payment_method_from_id, status: "NEW", payment_run_status: "NEW", credits: "[]", credit_amount: "0.00",
  })));
  // the reservation holds what the run pays and the credits it will apply (an expense report is held by its live row)
  await reserve(trx, companyId, rows.map(({ item }) => ({ invoice_id: item.invoice_id, amount: sum([item.amount, item.credit_amount]) })));
  await audit(trx, ctx, "create", runs, run.id, {
    number, payment_date: plan.payment_date, total_amount: total, currency_code: currency, invoice_count: rows.length, expense_report_count: expenseRows.length, payment_count: plan.payments.length,
  });
  return run.id;
}

/** Create the run; returns its id. Two runs asking for the same balance queue on the invoice locks: the second sees the lowered balance. */
export async function createRun(ctx: Ctx, body: unknown): Promise<number> {
  const { request, errors } = readPermitted(ctx, body);
  return inTransaction(ctx, async (trx, tctx) => {
    const plan = await planRun(trx, tctx, request, errors, true);
    const currency = checkOneCurrency(plan, errors);
    failIfAny(errors);
    return writeRun(trx, tctx, plan, currency);
  });
}
