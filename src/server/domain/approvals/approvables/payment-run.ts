/** Payment runs in the approval engine: the run's total is the amount; a rejection gives the reservations back. */
import { releaseRun } from "../../payments/runs/release.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const paymentRunApproval: ApprovalBehaviour = {
  async facts(record) {
    return { amount: String(record.total_amount) };
  },
  submitted: () => ({ submitted_at: new Date() }),
  async onRejected(trx, ctx, record) {
    await releaseRun(trx, ctx, record.id as number, { paymentStatus: "REJECTED", runStatus: "REJECTED" });
  },
};
