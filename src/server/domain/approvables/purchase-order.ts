/** Purchase orders (data-spec 4: DRAFT → PENDING → APPROVED or REJECTED). */
import { recordFacts } from "./facts.js";
import type { Engine } from "./index.js";

export const purchaseOrderEngine: Engine = {
  resource: "purchase_orders",
  requester: "requestor_id",
  facts: async (record) => recordFacts(record),
  restartOn: ["amount", "vendor_id", "subsidiary_id", "currency_code", "department", "budget_id"],
  approvedStatus: () => "APPROVED",
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
};
