/**
 * Expense receipts are files: a document on the item (assetable_type ExpenseItem), uploaded by the
 * employee (file or phone camera) while the item is still theirs to edit. The submission rule counts
 * those files, never a tick (expense-submission.ts).
 */
import { canAct } from "../../../framework/permissions.js";
import { resourceByName } from "../../../../resources/index.js";
import type { DB } from "../../db/connect.js";
import type { Ctx } from "../../resources/context.js";
import { findRow } from "../../resources/query.js";
import { recheckItems } from "./policies.js";

/** Items still with their submitter (as resources/expense_items.ts's edit action). */
const editable = ["DRAFT", "NEW", "REJECTED"];

/** May the user attach a receipt to this item: one they may edit (their own: the personal scope), not yet submitted. */
export async function mayAttachExpenseReceipt(ctx: Ctx, id: number): Promise<boolean> {
  const items = resourceByName.get("expense_items")!;
  if (!canAct(ctx.principal, items, "edit")) return false;
  const item = await findRow(items, id, ctx);
  return item !== undefined && editable.includes(String(item.status));
}

/** The ids among `itemIds` with a receipt file. */
export async function itemsWithReceipts(trx: DB, companyId: number, itemIds: readonly number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await trx.selectFrom("documents").select("assetable_id").distinct()
    .where("company_id", "=", companyId).where("assetable_type", "=", "ExpenseItem").where("assetable_id", "in", [...itemIds]).execute();
  return new Set(rows.map((r) => r.assetable_id));
}

/** After a receipt file came or went: the item's policy verdict follows (a policy may require a receipt). */
export async function expenseReceiptChanged(trx: DB, companyId: number, itemId: number): Promise<void> {
  const item = await trx.selectFrom("expense_items").select("expense_report_id").where("company_id", "=", companyId).where("id", "=", itemId).executeTakeFirst();
  if (item?.expense_report_id) await recheckItems(trx, { reportId: item.expense_report_id });
}
