/**
 * Card purchases (data-spec 4 purchase filter: PENDING → OPEN, or REJECT). The spec's workflow types
 * have no purchase type; a purchase is spend on a card (module virtual_cards_active, listed with the
 * card approvals), so the company's VirtualCard workflow applies. Approvals name them "Purchase".
 */
import { accountIds, recordFacts } from "./facts.js";
import type { Engine } from "./index.js";

export const purchaseEngine: Engine = {
  resource: "purchases",
  workflowType: "VirtualCard",
  async facts(record, trx, ctx) {
    const code = record.account_code == null ? [] : [String(record.account_code)];
    return { ...recordFacts(record), accountIds: await accountIds(trx, ctx, code) };
  },
  restartOn: ["amount", "account_code", "department", "vendor_id", "currency_code", "purchase_order_id"],
  // an approved (OPEN) purchase whose amount or coding changes is approved again
  reapprove: { fields: ["amount", "account_code", "department", "vendor_id", "currency_code", "purchase_order_id"], statuses: ["OPEN"] },
  approvedStatus: () => "OPEN",
  rejectedStatus: "REJECT",
  pendingStatus: "PENDING",
};
