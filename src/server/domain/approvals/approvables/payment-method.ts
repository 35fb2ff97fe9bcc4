/**
 * Payment methods of vendors and employees, new or with changed bank details (PENDING until approved,
 * then ACTIVE; a rejected one is INACTIVE). They go through the company's Vendor
 * workflow: whoever approves who gets paid approves where the money goes. No amount: AMOUNT triggers
 * see 0; VENDOR triggers match the method's vendor. The company's own originating accounts are not
 * approved this way (they are the company's, set up by its administrators).
 */
import type { DB } from "../../../db/connect.js";
import type { Ctx, Row } from "../../../resources/context.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

/**
 * Bank details a vendor proposed from the portal (proposed_by_id) replace the ones it was paid to once
 * approved: the method becomes the vendor's default (the others stay ACTIVE, not default, for staff to retire).
 */
async function defaultWhenProposed(trx: DB, ctx: Ctx, record: Row): Promise<void> {
  if (record.proposed_by_id == null || record.vendor_id == null) return;
  await trx.updateTable("payment_methods").set({ is_default: false, updated_at: new Date() }).where("company_id", "=", ctx.company.id)
    .where("owner_type", "=", "Vendor").where("vendor_id", "=", record.vendor_id as number).where("id", "<>", record.id as number).where("is_default", "=", true).execute();
  await trx.updateTable("payment_methods").set({ is_default: true, updated_at: new Date() }).where("company_id", "=", ctx.company.id).where("id", "=", record.id as number).execute();
}

export const paymentMethodApproval: ApprovalBehaviour = {
  owns: (record) => record.owner_type !== "Company",
  facts: async (record) => ({ amount: "0", vendorId: (record.vendor_id as number | null) ?? null, subsidiaryId: null }),
  onApproved: defaultWhenProposed,
};
