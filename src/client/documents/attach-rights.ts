/**
 * Who sees the upload on a record's documents: whoever may create or edit the record, or holds the
 * documents keys (mayAttachTo, the server's rule), or the narrow receipt rights the server enforces
 * (src/server/domain/admin/attach-rights.ts) — the employee on an expense item they may edit, the card
 * holder on a transaction of their card. The client only hides what the server refuses.
 */
import { uploadKeys } from "../../../resources/documents.js";
import { can, canAct, mayAttachTo } from "../../framework/permissions.js";
import type { ResourceDef } from "../../framework/resource.js";
import { outlineByName } from "../declarations.js";
import type { Row } from "../format.js";
import type { CurrentUser } from "../user.js";

/** Parent types whose documents are receipts: offered to the phone camera. */
export const receiptTypes: ReadonlySet<string> = new Set(["ExpenseItem", "CardTransaction"]);

export function mayUpload(user: CurrentUser, parent: Pick<ResourceDef, "module" | "permissions">, parentType: string, record: Row): boolean {
  if (can(user, uploadKeys)) return true;
  if (parentType === "ExpenseItem") return canAct(user, outlineByName.get("expense_items")!, "edit");
  if (parentType === "CardTransaction") return (record.virtual_card as { contact_id?: unknown } | null)?.contact_id === user.contact.id;
  return mayAttachTo(user, parent, uploadKeys);
}
