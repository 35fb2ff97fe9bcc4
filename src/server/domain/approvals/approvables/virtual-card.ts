/**
 * Virtual cards (data-spec 4: a new card is PENDING; approved → APPROVED, to be issued; or REJECTED).
 * The card's amount is its limit.
 */
import { recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const virtualCardApproval: ApprovalBehaviour = {
  // a card is spent by its holder
  beneficiaries: (record) => (record.contact_id == null ? [] : [record.contact_id as number]),
  facts: async (record) => recordFacts(record),
  submitted: (ctx) => ({ submitter_contact_id: ctx.contact.id }),
  // a card already issued (re-approved after a change) is active again; a new one awaits its issue
  approvedStatus: (record) => (record.issue_date ? "ACTIVE" : "APPROVED"),
};
