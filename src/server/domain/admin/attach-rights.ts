/**
 * Attaching a file without the documents keys (`addDocuments`): narrow rights, one rule per parent
 * type, for receipts only — an employee on their own expense item, a card holder on a transaction of
 * their card. And the `receipt_attached` flag such parents carry, kept by the documents themselves.
 */
import { isHoldersTransaction } from "../cards/receipts.js";
import { expenseReceiptChanged, mayAttachExpenseReceipt } from "../expenses/receipts.js";
import { untyped, type DB } from "../../db/connect.js";
import type { Ctx } from "../../resources/context.js";

export const narrowAttachRights: Readonly<Record<string, (ctx: Ctx, id: number) => Promise<boolean>>> = {
  ExpenseItem: mayAttachExpenseReceipt,
  CardTransaction: isHoldersTransaction,
};

/** Parent types whose table says whether a receipt file hangs on the row, and what follows from a change. */
const receiptTables: Readonly<Record<string, { table: string; changed?: (trx: DB, companyId: number, id: number) => Promise<void> }>> = {
  ExpenseItem: { table: "expense_items", changed: expenseReceiptChanged },
  CardTransaction: { table: "card_transactions" },
};

/** Sets the parent's `receipt_attached` from its documents (after one was attached; before `leaving` is deleted), in the caller's transaction. */
export async function syncReceiptFlag(trx: DB, companyId: number, type: string, id: number, leaving?: number): Promise<void> {
  const parent = receiptTables[type];
  if (!parent) return;
  let files = trx.selectFrom("documents").select("id").where("company_id", "=", companyId).where("assetable_type", "=", type).where("assetable_id", "=", id);
  if (leaving !== undefined) files = files.where("id", "<>", leaving);
  const file = await files.executeTakeFirst();
  await untyped(trx).updateTable(parent.table).set({ receipt_attached: file !== undefined }).where("company_id", "=", companyId).where("id", "=", id).execute();
  await parent.changed?.(trx, companyId, id);
}
