/**
 * Purchase orders (data-spec 4: DRAFT → PENDING → APPROVED or REJECTED). Their approval_status (data-spec
 * 3; values of data-spec 4 "Approval workflow": NEW, PENDING, APPROVED, REJECTED) follows the chain: the
 * pending, approved and rejected statuses are those very values. A submit meets the budget check.
 */
import { checkBudgetAtSubmit } from "../../ledger/budget-check.js";
import { recordFacts } from "./facts.js";
import type { Engine } from "./index.js";

export const purchaseOrderEngine: Engine = {
  resource: "purchase_orders",
  requester: "requestor_id",
  facts: async (record) => recordFacts(record),
  // a submit that would overspend the order's budget is warned or refused (ledger/budget-check.ts)
  check: (record, action, trx, ctx) => (action === "submit" ? checkBudgetAtSubmit(record, trx, ctx) : undefined),
  restartOn: ["amount", "vendor_id", "subsidiary_id", "currency_code", "department", "budget_id"],
  statusColumns: (status) => ({ approval_status: status }),
  approvedStatus: () => "APPROVED",
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
};
