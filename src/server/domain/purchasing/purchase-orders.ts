/**
 * Purchase-order totals: the amount is the sum of its lines when it has lines; open balance = amount − invoiced;
 * awaiting_receipt while a line has qty_received < quantity. A budget must be ACTIVE to be drawn on.
 */
import { currencyOf, money } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";

export async function rollUpPurchaseOrder(trx: DB, purchaseOrderId: number): Promise<void> {
  const po = await trx.selectFrom("purchase_orders").select(["id", "invoice_balance", "status"]).where("id", "=", purchaseOrderId).forUpdate().executeTakeFirst();
  if (!po) return;
  const items = await trx.selectFrom("po_items").select(["amount", "quantity", "qty_received"]).where("purchase_order_id", "=", purchaseOrderId).execute();
  const totals: Row = { awaiting_receipt: items.some((i) => money(String(i.qty_received)).lt(String(i.quantity))), updated_at: new Date() };
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
  if (data.budget_id === undefined || data.budget_id === null || data.budget_id === existing.budget_id) return;
  const budget = await trx.selectFrom("budgets").select(["label", "status"]).where("company_id", "=", ctx.company.id).where("id", "=", data.budget_id as number).executeTakeFirst();
  if (budget && budget.status !== "ACTIVE") throw unprocessable({ budget_id: [`budget ${String(budget.label)} is ${String(budget.status)}: choose an active budget`] });
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
