/**
 * Purchase-order lines: amount = quantity × unit price; the order's totals follow its lines. A line's
 * quantity cannot drop below what has been received or billed on it; a closed order's lines no longer change.
 * A line naming a catalogue item takes its display name and price where it gives none (catalogue-items.ts).
 */
import { lineTotal, linesOf } from "../../../framework/lines.js";
import { money } from "../../../framework/money.js";
import purchaseOrders from "../../../../resources/purchase_orders.js";
import { unprocessable } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { catalogueDefaults } from "./catalogue-items.js";
import { refuseClosedOrders } from "./po-lifecycle.js";
import { refuseNegative, rollUpPurchaseOrder } from "./purchase-orders.js";

/** the order's declared line total (quantity × unit price), computed by the rule the line grid shows */
const orderLines = linesOf(purchaseOrders, "po_items");

function lineAmount(data: Row, existing: Row = {}): void {
  refuseNegative(data, ["quantity", "unit_price"]);
  const amount = lineTotal(orderLines, { ...existing, ...data });
  if (amount !== undefined) data.amount = amount;
}

export const poItemHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.qty_balance = money(String(row.quantity)).minus(String(row.qty_billed)).toString();
      // what receiving still expects (a receipt line's "To Receive"); qty_balance is what billing still expects
      row.qty_to_receive = money(String(row.quantity)).minus(String(row.qty_received)).toString();
    }
  },
  async beforeCreate(data, ctx, trx) {
    await refuseClosedOrders(trx, ctx, [data.purchase_order_id as number], "purchase_order_id");
    await catalogueDefaults(data, ctx, trx);
    lineAmount(data);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    await refuseClosedOrders(trx, ctx, [existing.purchase_order_id as number], "purchase_order_id");
    await catalogueDefaults(data, ctx, trx, existing);
    for (const [used, done] of [["qty_received", "received"], ["qty_billed", "billed"]]) {
      if (data.quantity !== undefined && money(String(data.quantity)).lt(String(existing[used]))) {
        throw unprocessable({ quantity: [`cannot be less than the ${money(String(existing[used])).toString()} already ${done}`] });
      }
    }
    lineAmount(data, existing);
  },
  async beforeDelete(existing, ctx, trx) {
    await refuseClosedOrders(trx, ctx, [existing.purchase_order_id as number], "purchase_order_id");
  },
  async afterWrite(row, _ctx, trx) {
    await rollUpPurchaseOrder(trx, row.purchase_order_id as number);
  },
};
