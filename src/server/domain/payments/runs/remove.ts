/**
 * DELETE /api/payment_runs/{id} (the generic delete): only a run not yet approved (UNPROCESSED: NEW or
 * PENDING) may go. Its reservations go back to the invoices, then its approvals, rows, links, payments
 * and batches are removed with the run, in one transaction with an audit row.
 */
import type { DB } from "../../../db/connect.js";
import { conflict } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { deletableRunStatuses } from "./hooks.js";
import { releaseRun } from "./release.js";

async function removeDependents(trx: DB, companyId: number, runId: number): Promise<void> {
  const payments = trx.selectFrom("payments").select("id").where("company_id", "=", companyId).where("payment_run_id", "=", runId);
  await trx.deleteFrom("approvals").where("company_id", "=", companyId).where("approvable_type", "=", "PaymentRun").where("approvable_id", "=", runId).execute();
  await trx.deleteFrom("payment_run_items").where("company_id", "=", companyId).where("payment_run_id", "=", runId).execute();
  await trx.deleteFrom("invoice_payment_links").where("company_id", "=", companyId).where("payment_id", "in", payments).execute();
  await trx.deleteFrom("payments").where("company_id", "=", companyId).where("payment_run_id", "=", runId).execute();
  await trx.deleteFrom("payment_run_batches").where("company_id", "=", companyId).where("payment_run_id", "=", runId).execute();
}

/**
 * beforeDelete of payment runs (payment-runs.server.ts), in the generic delete's transaction with the
 * run locked: its reservations go back, its dependents go; the generic delete removes the run and audits it.
 */
export async function releaseBeforeDelete(run: Row, ctx: Ctx, trx: DB): Promise<void> {
  if (!deletableRunStatuses.includes(String(run.status))) {
    throw conflict(`Only a payment run in status ${deletableRunStatuses.join(" or ")} can be deleted; this one is ${String(run.status)}.`);
  }
  await releaseRun(trx, ctx, run.id as number, { paymentStatus: "VOID", runStatus: String(run.status) });
  await removeDependents(trx, ctx.company.id, run.id as number);
}
