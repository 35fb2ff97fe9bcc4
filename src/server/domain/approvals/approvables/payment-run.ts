/** Payment runs in the approval engine: the run's total is the amount; a rejection gives the reservations back. */
import { releaseRun } from "../../payments/runs/release.js";
import type { Engine } from "./index.js";

export const paymentRunEngine: Engine = {
  resource: "payment_runs",
  amountColumn: "total_amount",
  async facts(record) {
    return { amount: String(record.total_amount) };
  },
  submitted: () => ({ submitted_at: new Date() }),
  approvedStatus: () => "APPROVED",
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
  async onRejected(trx, ctx, record) {
    await releaseRun(trx, ctx, record.id as number, { paymentStatus: "REJECTED", runStatus: "REJECTED" });
  },
};
