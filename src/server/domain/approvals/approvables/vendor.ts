/**
 * New vendors (data-spec 4: NEW → PENDING → ACTIVE or REJECTED). A vendor has no amount: AMOUNT
 * triggers see 0; VENDOR triggers match the vendor itself.
 */
import type { Engine } from "./index.js";

export const vendorEngine: Engine = {
  resource: "vendors",
  requester: "requestor_id",
  facts: async (record) => ({ amount: "0", vendorId: record.id as number, subsidiaryId: null }),
  // who gets paid and how: a change of identity or tax details needs a new approval
  restartOn: ["name", "tax_id", "term_code", "currency_code", "vendor_type"],
  // an active vendor's tax or payment data changed: approved again before it is paid
  reapprove: { fields: ["tax_id", "is_1099_eligible", "term_code", "currency_code"], statuses: ["ACTIVE"] },
  approvedStatus: () => "ACTIVE",
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
};
