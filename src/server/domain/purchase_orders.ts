/** Purchase-order totals: the amount is the sum of its lines when it has lines; open balance = amount − invoiced. */
import { currencyOf, money } from "../../framework/money.js";
import type { DB } from "../db/connect.js";
import type { Row } from "../resources/context.js";
import type { ResourceHooks } from "./hooks.js";

export async function rollUpPurchaseOrder(trx: DB, purchaseOrderId: number): Promise<void> {
  const po = await trx.selectFrom("purchase_orders").select(["id", "invoice_balance"]).where("id", "=", purchaseOrderId).forUpdate().executeTakeFirst();
  if (!po) return;
  const items = await trx.selectFrom("po_items").select("amount").where("purchase_order_id", "=", purchaseOrderId).execute();
  if (items.length === 0) return;
  const amount = items.reduce((total, i) => total.plus(String(i.amount)), money(0));
  await trx.updateTable("purchase_orders").set({
    amount: amount.toFixed(2),
    open_balance: amount.minus(String(po.invoice_balance)).toFixed(2),
    updated_at: new Date(),
  }).where("id", "=", purchaseOrderId).execute();
}

function openBalance(data: Row, existing: Row = {}): void {
  if (data.amount === undefined) return;
  data.open_balance = money(String(data.amount)).minus(String(existing.invoice_balance ?? "0")).toFixed(2);
}

export const purchaseOrderHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.currency = currencyOf(String(row.currency_code));
  },
  beforeCreate(data) {
    data.amount ??= "0";
    openBalance(data);
  },
  beforeUpdate(data, existing) {
    openBalance(data, existing);
  },
};
