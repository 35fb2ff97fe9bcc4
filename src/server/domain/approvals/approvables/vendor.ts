/**
 * New vendors (data-spec 4: NEW → PENDING → ACTIVE or REJECTED). A vendor has no amount: AMOUNT
 * triggers see 0; VENDOR triggers match the vendor itself.
 */
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const vendorApproval: ApprovalBehaviour = {
  facts: async (record) => ({ amount: "0", vendorId: record.id as number, subsidiaryId: null }),
};
