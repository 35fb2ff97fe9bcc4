/**
 * Credit memos: payment records with record_type CREDIT (data-spec 4, vendor credit: NEW in the inbox
 * → PENDING → AVAILABLE or REJECTED). Submitted from the credit-memo inbox; vendor_credits sees them
 * in every approval state.
 */
import { isoDate } from "../../../../framework/dates.js";
import { recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const creditMemoApproval: ApprovalBehaviour = {
  owns: (record) => record.record_type === "CREDIT",
  facts: async (record) => recordFacts(record),
  submitted: (ctx) => ({ submit_date: isoDate(), submitter_id: ctx.contact.id }),
};
