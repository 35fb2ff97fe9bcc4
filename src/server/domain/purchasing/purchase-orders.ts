/**
 * Purchase-order totals: the amount is the sum of its lines when it has lines; open balance = amount − invoiced
 * (invoice_balance, kept by invoice-matching.ts); awaiting_receipt while a line has qty_received < quantity;
 * fully_matched once every line is received and billed in full. A budget must be ACTIVE to be drawn on, in the
 * order's currency.
 */
import { currencyOf, money } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";

export async function rollUpPurchaseOrder(trx: DB, purchaseOrderId: number): Promise<void> {
  const po = await trx.selectFrom("purchase_orders").select(["id", "invoice_balance", "status"]).where("id", "=", purchaseOrderId).forUpdate().executeTakeFirst();
  if (!po) return;
  const items = await trx.selectFrom("po_items").select(["amount", "quantity", "qty_received", "qty_billed"]).where("purchase_order_id", "=", purchaseOrderId).execute();
  const totals: Row = {
    awaiting_receipt: items.some((i) => money(String(i.qty_received)).lt(String(i.quantity))),
    // every line received and billed in full
    fully_matched: items.length > 0 && items.every((i) => money(String(i.qty_received)).gte(String(i.quantity)) && money(String(i.qty_billed)).gte(String(i.quantity))),
    updated_at: new Date(),
  };
  if (items.length > 0) {
    const amount = items.reduce((total, i) => total.plus(String(i.amount)), money(0));
    // a closed order commits nothing more (po-lifecycle.ts)
    const open = po.status === "CLOSED" ? money(0) : amount.minus(String(po.invoice_balance));
    Object.assign(totals, { amount: amount.toFixed(2), open_balance: open.toFixed(2) });
  }
  await trx.updateTable("purchase_orders").set(totals).where("id", "=", purchaseOrderId).execute();
}

/** An order commits money to be spent: its amount (and a line's price and quantity) is never negative. */
export function refuseNegative(data: Row, fields: readonly string[]): void {
  const negative = fields.filter((field) => data[field] !== undefined && data[field] !== null && money(String(data[field])).lt(0));
  if (negative.length) throw unprocessable(Object.fromEntries(negative.map((field) => [field, ["must be zero or more"]])));
}

function openBalance(data: Row, existing: Row = {}): void {
  refuseNegative(data, ["amount"]);
  if (data.amount === undefined) return;
  data.open_balance = money(String(data.amount)).minus(String(existing.invoice_balance ?? "0")).toFixed(2);
}

async function checkBudget(data: Row, ctx: Ctx, trx: DB, existing: Row = {}): Promise<void> {
  const budgetId = data.budget_id === undefined ? existing.budget_id : data.budget_id;
  const currency = data.currency_code ?? existing.currency_code;
  if (budgetId == null || (budgetId === existing.budget_id && currency === existing.currency_code)) return;
  const budget = await trx.selectFrom("budgets").select(["label", "status", "currency_code"]).where("company_id", "=", ctx.company.id).where("id", "=", budgetId as number).executeTakeFirst();
  if (!budget) return;
  if (budgetId !== existing.budget_id && budget.status !== "ACTIVE") throw unprocessable({ budget_id: [`budget ${String(budget.label)} is ${String(budget.status)}: choose an active budget`] });
  // a budget's consumption adds its orders' amounts: they must be in its currency
  if (budget.currency_code !== currency) throw unprocessable({ budget_id: [`budget ${budget.label} is in ${budget.currency_code}, the purchase order in ${String(currency)}`] });
}

export const purchaseOrderHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.currency = currencyOf(String(row.currency_code));
  },
  async beforeCreate(data, ctx, trx) {
    data.amount ??= "0";
    openBalance(data);
    await checkBudget(data, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    openBalance(data, existing);
    await checkBudget(data, ctx, trx, existing);
  },
};
