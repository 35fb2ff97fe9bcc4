/**
 * DELETE /api/payment_runs/{id}: only a run not yet approved (UNPROCESSED: NEW or PENDING) may go.
 * Its reservations go back to the invoices, then its approvals, rows, links, payments and batches
 * are removed with the run, in one transaction with an audit row.
 */
import { resourceByName } from "../../../../../resources/index.js";
import type { DB } from "../../../db/connect.js";
import { conflict, notFound } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { findRow } from "../../../resources/query.js";
import { audit } from "../../../resources/write.js";
import { deletableRunStatuses } from "./hooks.js";
import { releaseRun } from "./release.js";
import { inTransaction } from "../../../db/unit-of-work.js";

const runs = resourceByName.get("payment_runs")!;

async function removeDependents(trx: DB, companyId: number, runId: number): Promise<void> {
  const payments = trx.selectFrom("payments").select("id").where("company_id", "=", companyId).where("payment_run_id", "=", runId);
  await trx.deleteFrom("approvals").where("company_id", "=", companyId).where("approvable_type", "=", "PaymentRun").where("approvable_id", "=", runId).execute();
  await trx.deleteFrom("payment_run_items").where("company_id", "=", companyId).where("payment_run_id", "=", runId).execute();
  await trx.deleteFrom("invoice_payment_links").where("company_id", "=", companyId).where("payment_id", "in", payments).execute();
  await trx.deleteFrom("payments").where("company_id", "=", companyId).where("payment_run_id", "=", runId).execute();
  await trx.deleteFrom("payment_run_batches").where("company_id", "=", companyId).where("payment_run_id", "=", runId).execute();
  await trx.deleteFrom("payment_runs").where("company_id", "=", companyId).where("id", "=", runId).execute();
}

export async function deleteRun(ctx: Ctx, id: string): Promise<Row> {
  return inTransaction(ctx, async (trx, tctx) => {
    const run = await findRow(runs, id, tctx, true);
    if (!run) throw notFound();
    if (!deletableRunStatuses.includes(String(run.status))) {
      throw conflict(`Only a payment run in status ${deletableRunStatuses.join(" or ")} can be deleted; this one is ${String(run.status)}.`);
    }
    const released = await releaseRun(trx, tctx, run.id as number, { paymentStatus: "VOID", runStatus: String(run.status) });
    await removeDependents(trx, ctx.company.id, run.id as number);
    await audit(trx, ctx, "destroy", runs, run.id as number, { ...run, released_rows: released.length });
    return run;
  });
}
