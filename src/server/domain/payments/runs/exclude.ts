/**
 * POST /api/payment_runs/{id}/exclude — an approver takes rows out of a run under approval
 * (data-spec 4 "Payment run"): only DEBIT payments, only while the run has a current pending
 * approval, only by an approver of it (its contact, a member of its team, or a delegate of either
 * under an active Approval/All delegation: the approval engine's rule). The rows' reservations
 * go back to the invoices; an emptied payment becomes VOID, flagged excluded ("VOID - EXCLUDED").
 */
import { resourceByName } from "../../../../../resources/index.js";
import { conflict, forbidden, unprocessable } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import type { ActionHandler } from "../../../resources/modules.js";
import { audit } from "../../../resources/write.js";
import { actingFor } from "../../approvals/engine.js";
import { releaseRun } from "./release.js";

const runs = resourceByName.get("payment_runs")!;

const ids = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((v) => Number.isInteger(v) && v > 0) ? (value as number[]) : undefined;

/**
 * Whom the user acts as on the run's current (lowest pending) step: as its approver (its contact, a
 * member of its team) or a delegate of one — the approval engine's rule (`actingFor`). null when no
 * approval is pending; undefined when the user may not act on it.
 */
async function actingOnCurrentStep(ctx: Ctx, runId: number): Promise<{ onBehalfOf: number | null } | null | undefined> {
  const pending = (await ctx.db.selectFrom("approvals").selectAll().where("company_id", "=", ctx.company.id)
    .where("approvable_type", "=", "PaymentRun").where("approvable_id", "=", runId).where("aasm_state", "=", "pending").orderBy("step").orderBy("id").execute()) as Row[];
  if (pending.length === 0) return null;
  for (const approval of pending.filter((a) => a.step === pending[0].step)) {
    const acting = await actingFor(ctx.db, ctx, approval);
    if (acting) return acting;
  }
  return undefined;
}

/** The handler of POST /api/payment_runs/{id}/exclude (payment-runs.server.ts): the run is locked by the framework. */
export const excludeFromRun: ActionHandler = async ({ row: run, input, ctx }) => {
  const paymentIds = input.payment_ids === undefined ? [] : ids(input.payment_ids);
  const itemIds = input.item_ids === undefined ? [] : ids(input.item_ids);
  if (!paymentIds) throw unprocessable({ payment_ids: ["must be a list of payment ids"] });
  if (!itemIds) throw unprocessable({ item_ids: ["must be a list of payment-run row ids"] });
  if (paymentIds.length + itemIds.length === 0) throw unprocessable({ base: ["name the payments (payment_ids) or rows (item_ids) to exclude"] });
  const trx = ctx.db;
  const tctx = ctx;
  const runId = run.id as number;
  const acting = await actingOnCurrentStep(tctx, runId);
  if (acting === null) throw conflict("Rows can be excluded only while the payment run has a current approval.");
  if (!acting) throw forbidden("Only an approver of the payment run's current step, or a delegate of one, can exclude rows.");

  const payments = paymentIds.length === 0 ? [] : await trx.selectFrom("payments").select(["id", "record_type", "status"])
    .where("company_id", "=", ctx.company.id).where("payment_run_id", "=", runId).where("id", "in", paymentIds).execute();
  const errors: Record<string, string[]> = {};
  paymentIds.forEach((pid, n) => {
    const payment = payments.find((p) => p.id === pid);
    if (!payment) errors[`payment_ids.${n}`] = ["is not a payment of this run"];
    else if (payment.record_type !== "DEBIT") errors[`payment_ids.${n}`] = ["only DEBIT payments can be excluded"];
    else if (!["PENDING", "APPROVED"].includes(String(payment.status))) errors[`payment_ids.${n}`] = [`is ${String(payment.status)} and can no longer be excluded`];
  });
  const items = itemIds.length === 0 ? [] : await trx.selectFrom("payment_run_items as i").innerJoin("payments as p", "p.id", "i.payment_id")
    .select(["i.id", "i.excluded", "p.record_type"]).where("i.company_id", "=", ctx.company.id).where("i.payment_run_id", "=", runId).where("i.id", "in", itemIds).execute();
  itemIds.forEach((iid, n) => {
    const item = items.find((i) => i.id === iid);
    if (!item) errors[`item_ids.${n}`] = ["is not a row of this run"];
    else if (item.record_type !== "DEBIT") errors[`item_ids.${n}`] = ["only rows of DEBIT payments can be excluded"];
    else if (item.excluded === true) errors[`item_ids.${n}`] = ["is already excluded"];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);

  const released = [
    ...(paymentIds.length ? await releaseRun(trx, tctx, runId, { paymentIds, paymentStatus: "VOID", runStatus: String(run.status), excluded: true }) : []),
    ...(itemIds.length ? await releaseRun(trx, tctx, runId, { itemIds, paymentStatus: "VOID", runStatus: String(run.status), excluded: true }) : []),
  ];
  await audit(trx, ctx, "update", runs, runId, {
    excluded: { payment_ids: paymentIds, item_ids: itemIds, rows: released.map((r) => r.id), ...(acting.onBehalfOf ? { on_behalf_of_contact_id: acting.onBehalfOf } : {}) },
  });
};
