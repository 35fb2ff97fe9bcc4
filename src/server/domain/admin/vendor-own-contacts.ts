/**
 * A vendor keeps its own contacts at the purchaser from the portal (issue 13): it adds them (source
 * VENDOR, of its own vendor, no sign-in role), edits and deactivates the ones it added. The contacts the
 * company entered (source COMPANY) stay the company's (the portal action's `when`: 409). Through the
 * generic create and edit: checked, audited.
 */
import vendorContacts from "../../../../resources/vendor_contacts.js";
import type { ActionResult, PortalActionCall } from "../../resources/modules.js";
import { createInTransaction, updateInTransaction } from "../../resources/write.js";

export async function addOwnContact({ input, ctx }: PortalActionCall): Promise<ActionResult> {
  const contact = await createInTransaction(vendorContacts, {
    ...input, contact_type: "VENDOR", vendor_id: ctx.contact.vendor_id, source: "VENDOR", status: "ACTIVE", role: null, company_roles: [],
  }, ctx, ctx.db);
  return { show: contact.id as number, status: 201 };
}

export async function editOwnContact({ row, input, ctx }: PortalActionCall): Promise<void> {
  if (Object.keys(input).length > 0) await updateInTransaction(vendorContacts, row!, { ...input }, ctx, ctx.db);
}

export async function deactivateOwnContact({ row, ctx }: PortalActionCall): Promise<void> {
  await updateInTransaction(vendorContacts, row!, { status: "INACTIVE" }, ctx, ctx.db);
}
