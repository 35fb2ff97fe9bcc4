/**
 * A vendor's own record at the purchaser, from the portal (issue 13): its contact and address details and
 * tax id through the generic edit (the tax id checked, a likely duplicate flagged, a changed tax id
 * putting the vendor through the Vendor workflow again, audited), and its W-9 as a PDF document of the
 * vendor that staff see on the vendor's page, `has_w9` set.
 */
import vendors from "../../../../resources/vendors.js";
import type { PortalActionCall } from "../../resources/modules.js";
import { updateInTransaction } from "../../resources/write.js";
import { attachUpload } from "../admin/uploads.js";

export async function updateOwnDetails({ row, input, ctx }: PortalActionCall): Promise<void> {
  if (Object.keys(input).length > 0) await updateInTransaction(vendors, row!, { ...input }, ctx, ctx.db);
}

export async function uploadW9({ row, file, ctx }: PortalActionCall): Promise<void> {
  await attachUpload(ctx.db, ctx, file!, { type: "Vendor", id: row!.id as number });
  if (row!.has_w9 !== true) await updateInTransaction(vendors, row!, { has_w9: true }, ctx, ctx.db);
}
