/**
 * Payments to vendors (record_type DEBIT; data-spec 4: PENDING → APPROVED or REJECTED). A payment is
 * created PENDING by pay-bills or a run; submitting it starts its chain.
 */
import { isoDate } from "../../../framework/dates.js";
import { recordFacts } from "./facts.js";
import type { Engine } from "./index.js";

export const paymentEngine: Engine = {
  resource: "payments",
  owns: (record) => record.record_type === "DEBIT",
  facts: async (record) => recordFacts(record),
  restartOn: ["amount", "vendor_id", "subsidiary_id", "currency_code", "payment_method_id"],
  submitted: (ctx) => ({ submit_date: isoDate(), submitter_id: ctx.contact.id }),
  approvedStatus: () => "APPROVED",
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
};
