/**
 * Purchase orders (data-spec 4: DRAFT → PENDING → APPROVED or REJECTED). Their approval_status (data-spec
 * 3; values of data-spec 4 "Approval workflow": NEW, PENDING, APPROVED, REJECTED) follows the chain: the
 * pending, approved and rejected statuses are those very values. A submit meets the budget check.
 * An approved or open order changed in what it buys, from whom, for how much or on whose account (any
 * field but its description and project name, or any line) goes back to PENDING with a fresh chain, in
 * the edit's transaction; the description and project name are words about the order and change freely.
 * Once approved, the order is mailed to its vendor (purchasing/po-mail.ts).
 */
import { checkBudgetAtSubmit } from "../../ledger/budget-check.js";
import { mailApprovedOrder } from "../../purchasing/po-mail.js";
import { recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const purchaseOrderApproval: ApprovalBehaviour = {
  facts: async (record) => recordFacts(record),
  // a submit that would overspend the order's budget is warned or refused (ledger/budget-check.ts)
  check: (record, action, trx, ctx) => (action === "submit" ? checkBudgetAtSubmit(record, trx, ctx) : undefined),
  // the vendor's acknowledgement is of the version approved last: every move of a chain (a changed order
  // going back through approval) withdraws it, and the vendor acknowledges the order mailed anew
  statusColumns: (status) => ({ approval_status: status, acknowledged_at: null, acknowledged_by_id: null }),
  // the vendor gets the approved order as a PDF, with its portal link
  onApproved: mailApprovedOrder,
};
