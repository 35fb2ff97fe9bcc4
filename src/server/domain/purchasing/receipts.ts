/**
 * Receiving. A receipt is logged against an approved or open (ACTIVE) purchase order, takes the order's
 * vendor, and may name the vendor's invoice (then its purchase order defaults to the invoice's first).
 * Its items receive quantities of the order's lines: never more than a line's open quantity
 * (quantity plus the matching variance − received on other receipts); a line's qty_received is always the sum of its receipt items,
 * recomputed in the same transaction, and the order's awaiting_receipt follows. Items change only while
 * their receipt is a DRAFT, and goods are received only while the order is still ACTIVE (a draft receipt
 * outlives neither a re-approval nor a close); a receipt is SUBMITTED only with at least one item.
 * A return to the vendor (`is_return`, numbered RTN-00001…) is a receipt whose items send goods back:
 * they count negatively, never beyond what the line holds as received (422), and a receipt's item cannot
 * shrink below what was since returned. A receipt is a return or not from its creation on.
 */
import { sql } from "kysely";
import { money } from "../../../framework/money.js";
import { expandStatuses } from "../../resources/grammar.js";
import purchaseOrders from "../../../../resources/purchase_orders.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { matchingRules, rematchBillingOf, withTolerance } from "./invoice-matching.js";
import { rollUpPurchaseOrder } from "./purchase-orders.js";
import { nextNumber, plain, requirePositive, rowOf } from "./records.js";

const receivable = expandStatuses(purchaseOrders, ["ACTIVE"]);

/** The purchase order goods are received or announced against; 422 on `field` unless it is ACTIVE. */
export async function receivablePurchaseOrder(trx: DB, ctx: Ctx, id: unknown, field = "purchase_order_id"): Promise<Row> {
  const po = await rowOf(trx, ctx, "purchase_orders", id);
  if (!receivable.includes(String(po.status))) {
    throw unprocessable({ [field]: [`purchase order ${String(po.number)} is ${String(po.status)}: only approved or open purchase orders receive goods`] });
  }
  return po;
}

/** What the line's receipt items (all, or all but `exceptId`) hold as received: receipts less returns. */
function netReceived(trx: DB, poItemId: number, exceptId?: number) {
  let qb = trx.selectFrom("receipt_items as i").innerJoin("receipts as r", "r.id", "i.receipt_id")
    .select(sql<string>`coalesce(sum(case when r.is_return then -i.quantity else i.quantity end), 0)::text`.as("total"))
    .where("i.po_item_id", "=", poItemId);
  if (exceptId !== undefined) qb = qb.where("i.id", "<>", exceptId);
  return qb.executeTakeFirstOrThrow();
}

/** qty_received of a line = its receipt items less its returns; then the order's totals. */
export async function recomputeReceived(trx: DB, poItemId: number): Promise<void> {
  const received = await netReceived(trx, poItemId);
  const line = await trx.updateTable("po_items").set({ qty_received: received.total, updated_at: new Date() })
    .where("id", "=", poItemId).returning("purchase_order_id").executeTakeFirst();
  if (line) await rollUpPurchaseOrder(trx, line.purchase_order_id);
  // three-way matching: what was received bounds what may be billed
  await rematchBillingOf(trx, poItemId);
}

async function itemCount(trx: DB, receiptId: unknown): Promise<number> {
  const row = await trx.selectFrom("receipt_items").select(sql<number>`count(*)::int`.as("n")).where("receipt_id", "=", Number(receiptId)).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The receipt's purchase order (from its invoice when not given) must be ACTIVE; the vendor is the order's. */
async function completeReceipt(data: Row, ctx: Ctx, trx: DB): Promise<void> {
  const invoice = data.invoice_id === undefined || data.invoice_id === null ? undefined : await rowOf(trx, ctx, "invoices", data.invoice_id);
  data.purchase_order_id ??= (invoice?.purchase_order_ids as number[] | undefined)?.[0];
  if (data.purchase_order_id === undefined || data.purchase_order_id === null) throw unprocessable({ purchase_order_id: ["can't be blank"] });
  const po = await receivablePurchaseOrder(trx, ctx, data.purchase_order_id);
  if (invoice && invoice.vendor_id !== po.vendor_id) throw unprocessable({ invoice_id: ["belongs to another vendor than the purchase order"] });
  data.vendor_id = po.vendor_id;
}

export const receiptHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    await completeReceipt(data, ctx, trx);
    data.number = await nextNumber(trx, "receipts", ctx.company.id, data.is_return === true ? "RTN" : "RCV");
    data.received_by_contact_id ??= ctx.contact.id;
  },

  async beforeUpdate(data, existing, ctx, trx) {
    if (data.is_return !== undefined && data.is_return !== existing.is_return) throw unprocessable({ is_return: ["cannot change: log a return (or a receipt) of its own"] });
    const changesOrder = (data.purchase_order_id !== undefined && data.purchase_order_id !== existing.purchase_order_id)
      || (data.invoice_id !== undefined && data.invoice_id !== existing.invoice_id);
    const items = await itemCount(trx, existing.id);
    if (changesOrder) {
      if (items > 0 && data.purchase_order_id !== undefined && data.purchase_order_id !== existing.purchase_order_id) {
        throw unprocessable({ purchase_order_id: ["cannot change once items are received: remove the items first"] });
      }
      const merged = { ...existing, ...data };
      await completeReceipt(merged, ctx, trx);
      Object.assign(data, { purchase_order_id: merged.purchase_order_id, vendor_id: merged.vendor_id });
    }
    if (data.status === "SUBMITTED" && items === 0) throw unprocessable({ status: ["a receipt needs at least one item to be submitted"] });
  },
};

async function checkItem(data: Row, ctx: Ctx, trx: DB, existingId?: number): Promise<void> {
  const receipt = await rowOf(trx, ctx, "receipts", data.receipt_id, true);
  if (receipt.status !== "DRAFT") throw unprocessable({ receipt_id: [`receipt ${String(receipt.number)} is ${String(receipt.status)}: its items cannot change`] });
  // the order may have gone back to approval or been closed since the draft receipt was opened
  if (receipt.is_return !== true) await receivablePurchaseOrder(trx, ctx, receipt.purchase_order_id);
  // the line is locked so that two receipts cannot both take its last open quantity
  const line = await rowOf(trx, ctx, "po_items", data.po_item_id, true);
  if (line.purchase_order_id !== receipt.purchase_order_id) throw unprocessable({ po_item_id: ["is not a line of the receipt's purchase order"] });
  requirePositive(data.quantity, "quantity");
  const others = money((await netReceived(trx, line.id as number, existingId)).total);
  if (receipt.is_return === true) {
    if (money(String(data.quantity)).gt(others)) throw unprocessable({ quantity: [`cannot exceed the ${plain(others)} received on the line`] });
    return;
  }
  // a delivery may run over the order by the vendor's (else the company's) matching variance, not further
  const { variance } = await matchingRules(trx, ctx.company.id, receipt.vendor_id as number);
  const open = withTolerance(String(line.quantity), variance).minus(others);
  if (money(String(data.quantity)).gt(open)) {
    throw unprocessable({ quantity: [`cannot exceed the line's open quantity of ${plain(open)}${variance > 0 ? ` (with the ${variance} % tolerance)` : ""}`] });
  }
  if (others.plus(String(data.quantity)).lt(0)) throw unprocessable({ quantity: [`cannot be less than the ${plain(others.negated())} returned since`] });
}

/** Removing a receipt's item must leave the line holding at least what was returned of it. */
async function checkRemoval(existing: Row, ctx: Ctx, trx: DB): Promise<void> {
  const receipt = await rowOf(trx, ctx, "receipts", existing.receipt_id);
  if (receipt.is_return === true) return;
  await rowOf(trx, ctx, "po_items", existing.po_item_id, true);
  const others = money((await netReceived(trx, existing.po_item_id as number, existing.id as number)).total);
  if (others.lt(0)) throw unprocessable({ quantity: [`cannot be removed: ${plain(others.negated())} of it was returned since`] });
}

export const receiptItemHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    await checkItem(data, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    for (const field of ["receipt_id", "po_item_id"]) {
      if (data[field] !== undefined && data[field] !== existing[field]) throw unprocessable({ [field]: ["cannot change: remove the item and add another"] });
    }
    await checkItem({ ...existing, ...data }, ctx, trx, existing.id as number);
  },
  async beforeDelete(existing, ctx, trx) {
    await checkRemoval(existing, ctx, trx);
  },
  async afterWrite(row, _ctx, trx) {
    await recomputeReceived(trx, row.po_item_id as number);
  },
};
