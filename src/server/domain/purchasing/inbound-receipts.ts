/**
 * Advance shipping notices: only for approved or open purchase orders, and always from the order's
 * vendor; their lines announce quantities of the order's lines. Receiving one (its `receive` action)
 * logs a DRAFT receipt of the order whose items are the announced quantities, each capped at what is
 * still open on its line (lines with nothing open are left out; nothing open at all: 409), and marks
 * the notice RECEIVED with that receipt. The receipt is then checked and submitted as any other.
 */
import { isoDate } from "../../../framework/dates.js";
import { money } from "../../../framework/money.js";
import receipts from "../../../../resources/receipts.js";
import receiptItems from "../../../../resources/receipt_items.js";
import { conflict, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { createInTransaction } from "../../resources/write.js";
import { receivablePurchaseOrder } from "./receipts.js";
import { requirePositive, rowOf } from "./records.js";

export const inboundReceiptHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    data.vendor_id = (await receivablePurchaseOrder(trx, ctx, data.purchase_order_id)).vendor_id;
  },
  async beforeUpdate(data, existing, ctx, trx) {
    if (data.purchase_order_id !== undefined && data.purchase_order_id !== existing.purchase_order_id) {
      data.vendor_id = (await receivablePurchaseOrder(trx, ctx, data.purchase_order_id)).vendor_id;
    }
  },
};

/** A line announces a positive quantity of one of the notice's order lines. */
async function checkLine(data: Row, ctx: Ctx, trx: Ctx["db"]): Promise<void> {
  const notice = await rowOf(trx, ctx, "inbound_receipts", data.inbound_receipt_id);
  const line = await rowOf(trx, ctx, "po_items", data.po_item_id);
  if (line.purchase_order_id !== notice.purchase_order_id) throw unprocessable({ po_item_id: ["is not a line of the inbound receipt's purchase order"] });
  requirePositive(data.quantity, "quantity");
}

export const inboundReceiptItemHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    await checkLine(data, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    await checkLine({ ...existing, ...data }, ctx, trx);
  },
};

export async function receiveInbound({ row, ctx }: { row: Row; ctx: Ctx }): Promise<void> {
  const trx = ctx.db;
  const announced = await trx.selectFrom("inbound_receipt_items").select(["po_item_id", "quantity"])
    .where("company_id", "=", ctx.company.id).where("inbound_receipt_id", "=", row.id as number).orderBy("id").execute();
  const receipt = await createInTransaction(receipts, {
    purchase_order_id: row.purchase_order_id, received_date: isoDate(), notes: `From inbound receipt ${String(row.number)}`,
  }, ctx, trx);
  let items = 0;
  for (const item of announced) {
    // the line as received so far, this receipt's earlier items included
    const line = await rowOf(trx, ctx, "po_items", item.po_item_id, true);
    const open = money(String(line.quantity)).minus(String(line.qty_received));
    const quantity = money(String(item.quantity)).lt(open) ? money(String(item.quantity)) : open;
    if (quantity.lte(0)) continue;
    await createInTransaction(receiptItems, { receipt_id: receipt.id, po_item_id: item.po_item_id, quantity: quantity.toString() }, ctx, trx);
    items++;
  }
  if (items === 0) throw conflict(`Inbound receipt ${String(row.number)} has nothing left to receive: its lines are received in full, or it has none.`);
  await trx.updateTable("inbound_receipts").set({ status: "RECEIVED", receipt_id: receipt.id as number, updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", row.id as number).execute();
}
