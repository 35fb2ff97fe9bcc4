/**
 * POST /api/payment_runs/{id}/process — exactly once. One transaction, holding the run's row lock
 * (a declared action: a repeated Idempotency-Key is answered before, by the route's idempotency: http/idempotency.ts):
 * - a run that is not APPROVED is refused (409) — so a second call, which waited on the lock,
 *   finds the run OPEN and does nothing;
 * - the scheduled payments become PROCESSING (to vendors and, for expense reports, to employees) with their payment numbers issued (and trace numbers
 *   for ACH), the invoices are settled (payments_sum, balance_outstanding, PAID or OPEN; the
 *   pending balance was lowered when the run reserved it), the expense reports PAID (expense-reimbursement.ts), the rows' vendor credits applied
 *   (credits.ts applyCredit, reserved), the journal posted (debit AP, credit the originating
 *   account's bank GL account, per payment, in the functional currency at the payment's rate fixed
 *   when the run created it: ledger.ts paymentEntry), the run and its rows OPEN, and
 *   the ACH payments written into NACHA files (one per originating account and payment date)
 *   stored as nacha_payments (NEW);
 * - each paid vendor's remittance advice written into the mail outbox (remittances.ts), delivered after the commit.
 * Every step but the credits (few, one by one) is set-based (db/bulk.ts: one unnest per table):
 * 10,000 invoices stay a few dozen statements.
 */
import { isoDate } from "../../../../framework/dates.js";
import { money, round, sum } from "../../../../framework/money.js";
import { resourceByName } from "../../../../../resources/index.js";
import type { DB } from "../../../db/connect.js";
import { updateFromValues } from "../../../db/bulk.js";
import { conflict } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import type { ActionHandler } from "../../../resources/modules.js";
import { audit, auditMany } from "../../../resources/write.js";
import { applyCredit } from "../credits.js";
import { settledBalances } from "../../payables/invoice-balances.js";
import { accountsByNumber, ledgerAccountNumbers, paymentEntry, post } from "../../ledger/ledger.js";
import { scheduledStatuses } from "../payments.js";
import { sql } from "kysely";
import { achPaymentOf, paymentsWithPayee, storeNachaFiles, type AchSource } from "./nacha-files.js";
import { markReportsPaid } from "./expense-reimbursement.js";
import { postRealizedDifferences } from "../../ledger/fx.js";
import { issueNumbers } from "../../ledger/numbers.js";
import { anyId } from "./ids.js";
import { refuseUnapprovedDestinations } from "../payment-destinations.js";
import { queueRemittances } from "./remittances.js";
import { issueRunChecks } from "../bank-files/checks.js";

const runs = resourceByName.get("payment_runs")!;
const invoicesResource = resourceByName.get("invoices")!;

interface RunPayment extends AchSource { payment_type: string; vendor_id: number | null; employee_contact_id: number | null; currency_code: string; exchange_rate: string }

async function scheduledPayments(trx: DB, ctx: Ctx, runId: number): Promise<RunPayment[]> {
  return (await paymentsWithPayee(trx).select(["p.currency_code", "p.exchange_rate"])
    .where("p.company_id", "=", ctx.company.id).where("p.payment_run_id", "=", runId).where("p.record_type", "=", "DEBIT")
    .where("p.excluded", "=", false).where("p.status", "in", [...scheduledStatuses]).orderBy("p.id").execute()) as RunPayment[];
}

/** The bank GL account (account_id) of each originating account the payments leave from; 409 when one has none. */
async function bankAccounts(trx: DB, ctx: Ctx, payments: readonly RunPayment[]): Promise<Map<number, number>> {
  const rows = await trx.selectFrom("payment_methods").select(["id", "name", "account_id"]).where("company_id", "=", ctx.company.id)
    .where(anyId("id", [...new Set(payments.map((p) => p.payment_method_from_id))])).execute();
  const missing = rows.filter((r) => r.account_id == null);
  if (missing.length) throw conflict(`Originating account ${missing.map((r) => String(r.name ?? r.id)).join(", ")} has no bank GL account (account_id) to post the payments to.`);
  return new Map(rows.map((r) => [r.id, r.account_id as number]));
}

/** Settle each paid invoice (locked in id order, FOR NO KEY UPDATE as in plan.ts) by what the run's payments link to it. */
async function settleInvoices(trx: DB, ctx: Ctx, links: readonly { invoice_id: number; amount: string }[]): Promise<void> {
  const paid = new Map<number, string>();
  for (const l of links) paid.set(l.invoice_id, round(money(paid.get(l.invoice_id) ?? 0).plus(l.amount)));
  const invoices = (await trx.selectFrom("invoices").select(["id", "number", "status", "payments_sum", "balance_outstanding", "outstanding_balance_pending"])
    .where("company_id", "=", ctx.company.id).where(anyId("id", [...paid.keys()])).orderBy("id").forNoKeyUpdate().execute()) as Row[];
  const settled = invoices.map((invoice) => ({ invoice, values: settledBalances(invoice, paid.get(invoice.id as number)!, true) }));
  await updateFromValues(trx, "invoices", ctx.company.id,
    settled.map(({ invoice, values }) => ({ id: invoice.id as number, payments_sum: values.payments_sum, balance_outstanding: values.balance_outstanding, status: values.status })),
    { payments_sum: "numeric", balance_outstanding: "numeric", status: "text" },
    sql`payments_sum = v.payments_sum, balance_outstanding = v.balance_outstanding, status = v.status`);
  await auditMany(trx, ctx, "update", invoicesResource, settled.map(({ invoice, values }) => ({
    id: invoice.id as number,
    changes: Object.fromEntries(["payments_sum", "balance_outstanding", "status"].map((k) => [k, [invoice[k] ?? null, values[k]]])),
  })));
}

/** The vendor credits the run's rows carry, applied after the cash settled the invoices (already locked; then each credit). */
async function applyRunCredits(trx: DB, ctx: Ctx, runId: number): Promise<void> {
  const rows = await trx.selectFrom("payment_run_items").select(["invoice_id", "credits"]).where("company_id", "=", ctx.company.id)
    .where("payment_run_id", "=", runId).where("excluded", "=", false).where("status", "in", ["NEW", "APPROVED"])
    .where(sql<boolean>`jsonb_array_length(credits) > 0`).orderBy("invoice_id").execute();
  for (const row of rows) {
    for (const credit of row.credits as { credit_id: number; amount: string }[]) {
      await applyCredit(trx, ctx, { creditId: credit.credit_id, invoiceId: row.invoice_id as number, amount: credit.amount, reserved: true });
    }
  }
}

async function processLocked(trx: DB, ctx: Ctx, run: Row): Promise<void> {
  const now = new Date();
  const companyId = ctx.company.id;
  const payments = await scheduledPayments(trx, ctx, run.id as number);
  if (payments.length === 0) throw conflict("This payment run has no payments left to process.");
  const paymentIds = payments.map((p) => p.id);
  await refuseUnapprovedDestinations(trx, ctx, paymentIds);
  const links = (await trx.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["l.payment_id", "l.invoice_id", "l.amount", "i.number"]).where("l.company_id", "=", companyId).where(anyId("l.payment_id", paymentIds))
    .orderBy("i.number").execute()) as { payment_id: number; invoice_id: number; amount: string; number: string }[];
  const banks = await bankAccounts(trx, ctx, payments);

  if (links.length) await settleInvoices(trx, ctx, links);
  await applyRunCredits(trx, ctx, run.id as number);
  const reportNumbers = await markReportsPaid(trx, ctx, run.id as number);
  const numbers = await issueNumbers(trx, "payments", "payment_number", companyId, "PAY", payments.length);
  const numberOf = new Map(payments.map((p, n) => [p.id, numbers[n]]));
  const invoiceNumbers = new Map<number, string[]>();
  for (const l of links) {
    const own = invoiceNumbers.get(l.payment_id) ?? [];
    own.push(String(l.number));
    invoiceNumbers.set(l.payment_id, own);
  }
  const ach = payments.filter((p) => p.payment_type === "ach").map((p) => achPaymentOf(p, numberOf.get(p.id)!, invoiceNumbers.get(p.id) ?? reportNumbers.get(p.id) ?? []));
  const traces = await storeNachaFiles(trx, ctx, { runId: run.id as number, currencyCode: String(run.currency_code) }, ach, now);

  const today = isoDate(now);
  await updateFromValues(trx, "payments", companyId,
    payments.map((p) => ({ id: p.id, payment_number: numberOf.get(p.id)!, trace_number: traces.get(p.id) ?? null })),
    { payment_number: "text", trace_number: "text" },
    sql`payment_number = v.payment_number, trace_number = v.trace_number, status = 'PROCESSING', submit_date = ${today}::date`);
  await trx.updateTable("payment_run_items").set({ status: "PROCESSING", payment_run_status: "OPEN", updated_at: now })
    .where("company_id", "=", companyId).where("payment_run_id", "=", run.id as number).where("excluded", "=", false).where("status", "in", ["NEW", "APPROVED"]).execute();
  await trx.updateTable("payment_run_batches").set({ status: "OPEN", submitted_at: now, updated_at: now })
    .where("company_id", "=", companyId).where("payment_run_id", "=", run.id as number).execute();

  const accounts = await accountsByNumber(trx, companyId);
  // a vendor's payment settles Accounts Payable, an employee's the reimbursements owed (posted at the report's approval)
  await post(trx, companyId, payments.map((p) => paymentEntry(
    { id: p.id, payment_number: numberOf.get(p.id)!, payment_date: String(p.payment_date), amount: money(p.amount).toFixed(2), currency_code: p.currency_code, exchange_rate: String(p.exchange_rate) }, companyId, accounts, banks.get(p.payment_method_from_id)!,
    p.employee_contact_id !== null ? ledgerAccountNumbers.employeeReimbursements : ledgerAccountNumbers.payable,
  )));
  // invoices booked at another rate than their payment's: the realized exchange difference (ledger/fx.ts)
  await postRealizedDifferences(trx, companyId, payments.map((p) => ({ id: p.id, payment_number: numberOf.get(p.id)!, payment_date: String(p.payment_date), exchange_rate: String(p.exchange_rate) })));

  await trx.updateTable("payment_runs").set({ status: "OPEN", submitted_at: now, updated_at: now }).where("id", "=", run.id as number).execute();
  await audit(trx, ctx, "update", runs, run.id as number, {
    status: [run.status, "OPEN"], submitted_at: [run.submitted_at ?? null, now.toISOString()],
    processed: { payments: payments.length, invoices: new Set(links.map((l) => l.invoice_id)).size, expense_reports: [...reportNumbers.values()].flat().length, amount: sum(payments.map((p) => p.amount)), nacha_files: new Set(ach.map((p) => p.payment_method_from_id)).size },
  });
}

/**
 * The handler of POST /api/payment_runs/{id}/process (payment-runs.server.ts): the run, locked by the
 * framework in the action's transaction, is processed; its remittances are delivered in the background
 * after the commit (queueRemittances queues them `background`).
 */
export const processRun: ActionHandler = async ({ row: run, ctx }) => {
  if (run.status !== "APPROVED") throw conflict(`Only an APPROVED payment run can be processed; this one is ${String(run.status)}.`);
  await processLocked(ctx.db, ctx, run);
  // the run's checks get their numbers now: the check register and positive pay know them before they are printed
  await issueRunChecks(ctx.db, ctx, run.id as number);
  await queueRemittances(ctx, run.id as number);
};
