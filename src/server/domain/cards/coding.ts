/**
 * A card transaction's receipt, coding and matching (docs/cards.md). Above the company's receipt
 * threshold a receipt (a document on the transaction) comes first; the account is one of the
 * company's; the purchase order or expense item matched is one the user can see in this company.
 * A cleared transaction already posted moves its expense to the new account by one more entry.
 */
import { round, sum } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ActionCall } from "../../resources/modules.js";
import { referenceExists } from "../admin/lookups.js";
import { accountsByNumber, entryNumber, ledgerAccountNumbers, netByAccount, post, reversalLines } from "../ledger/ledger.js";

/** How a receipt is named in its tooltip and refusal: the purchase's number, else the transaction's. */
const receiptNumber = (row: Row): string => String((row.purchase as Row | null | undefined)?.number ?? row.external_id ?? `#${String(row.id)}`);

/** Data-spec 6 tooltips: Receipt Uploaded for {number} / Receipt Not uploaded for {number}. */
export const receiptTooltip = (attached: boolean, row: Row): string => `${attached ? "Receipt Uploaded" : "Receipt Not uploaded"} for ${receiptNumber(row)}`;

/** Ids of the transactions among `ids` with a receipt document. */
export async function withReceipts(db: DB, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("documents").select("assetable_id").distinct().where("company_id", "=", companyId)
    .where("assetable_type", "=", "CardTransaction").where("assetable_id", "in", ids).execute();
  return new Set(rows.map((r) => r.assetable_id));
}

async function checkCoding(ctx: Ctx, row: Row, input: Row, attached: boolean): Promise<void> {
  const errors: FieldErrors = {};
  if (row.receipt_required === "Yes" && !attached) errors.base = [receiptTooltip(false, row)];
  const account = await ctx.db.selectFrom("accounts").select("id").where("company_id", "=", ctx.company.id).where("number", "=", String(input.account_code))
    .where("status", "=", "ACTIVE").executeTakeFirst();
  if (!account) errors.account_code = ["is not an active account of this company"];
  if (typeof input.purchase_order_id === "number" && !(await referenceExists(ctx, "purchase_orders", input.purchase_order_id))) errors.purchase_order_id = ["does not exist"];
  if (typeof input.expense_item_id === "number" && !(await referenceExists(ctx, "expense_items", input.expense_item_id))) errors.expense_item_id = ["does not exist"];
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** A posted transaction's expense moved to `accountNumber`: the old expense lines reversed, the new account debited. */
async function reclassify(trx: DB, companyId: number, id: number, accountNumber: string, date: string): Promise<void> {
  const source = { type: "CardTransaction" as const, id };
  const posted = await trx.selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount"])
    .where("company_id", "=", companyId).where("account_transactionable_type", "=", source.type).where("account_transactionable_id", "=", id).execute();
  if (posted.length === 0) return;
  const accounts = await accountsByNumber(trx, companyId);
  const target = accounts.get(accountNumber)!;
  const liability = accounts.get(ledgerAccountNumbers.cardLiability);
  // the expense booked on other accounts than the new one
  const moved = new Map([...netByAccount(posted)].filter(([account]) => account !== liability && account !== target));
  if (moved.size === 0) return;
  await post(trx, companyId, [{
    entry_number: entryNumber(companyId, source, new Set(posted.map((l) => l.entry_number)).size + 1), date, description: `Card transaction ${id} coded to ${accountNumber}`, source,
    lines: [...reversalLines(moved), { account_id: target, debit_amount: round(sum([...moved.values()])) }],
  }]);
}

/** POST /api/card_transactions/{id}/code: account, department, PO or expense item; refused without a required receipt. */
export async function codeTransaction({ row, input, ctx }: ActionCall): Promise<void> {
  const id = row.id as number;
  const attached = (await withReceipts(ctx.db, ctx.company.id, [id])).has(id);
  await checkCoding(ctx, row, input, attached);
  await ctx.db.updateTable("card_transactions").set({
    account_code: String(input.account_code), department: (input.department as string | null | undefined) ?? null, receipt_attached: attached,
    purchase_order_id: (input.purchase_order_id as number | null | undefined) ?? null, expense_item_id: (input.expense_item_id as number | null | undefined) ?? null,
  }).where("id", "=", id).where("company_id", "=", ctx.company.id).execute();
  if (row.transaction_status === "CLEARED") await reclassify(ctx.db, ctx.company.id, id, String(input.account_code), String(row.posted_date));
}
