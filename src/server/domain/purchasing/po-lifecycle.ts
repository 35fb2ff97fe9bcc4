/**
 * The end of a purchase order's life (issue 14). The spec's statuses end in CLOSED (data-spec 4 has no
 * CANCELLED), so both actions close the order and `close_reason` says which one did:
 * - close (COMPLETED): what was received and invoiced stands, the uninvoiced rest is freed — the open
 *   balance drops to 0, so it no longer counts as committed;
 * - cancel (CANCELLED): the order is called off; only while nothing was received or invoiced on it
 *   (else it is closed instead: 409).
 * Both need editPurchaseOrders (the spec names no key of their own) and an APPROVED or OPEN order (the
 * actions' `when`, 409 otherwise). A closed order receives no goods (receipts.ts: only ACTIVE orders
 * receive), takes no invoice, and its lines no longer change.
 */
import { sql } from "kysely";
import { money } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { conflict, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";

async function closeOrder(ctx: Ctx, order: Row, reason: "COMPLETED" | "CANCELLED"): Promise<void> {
  await ctx.db.updateTable("purchase_orders")
    .set({ status: "CLOSED", open_balance: "0", closed_at: new Date(), close_reason: reason, updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", order.id as number).execute();
}

/** What was received on or invoiced against the order, in words; empty when nothing was. */
async function usedBy(ctx: Ctx, order: Row): Promise<string[]> {
  const { received } = await ctx.db.selectFrom("po_items").select(sql<string>`coalesce(sum(qty_received), 0)::text`.as("received"))
    .where("company_id", "=", ctx.company.id).where("purchase_order_id", "=", order.id as number).executeTakeFirstOrThrow();
  const { invoices } = await ctx.db.selectFrom("invoices").select(sql<number>`count(*)::int`.as("invoices"))
    .where("company_id", "=", ctx.company.id).where(sql<boolean>`${order.id as number} = any(purchase_order_ids)`).executeTakeFirstOrThrow();
  return [
    ...(money(received).gt(0) ? ["goods were received on it"] : []),
    ...(Number(invoices) > 0 || money(String(order.invoice_balance)).gt(0) ? ["it was invoiced"] : []),
  ];
}

export const closePurchaseOrder = ({ row, ctx }: { row: Row; ctx: Ctx }) => closeOrder(ctx, row, "COMPLETED");

export async function cancelPurchaseOrder({ row, ctx }: { row: Row; ctx: Ctx }): Promise<void> {
  const used = await usedBy(ctx, row);
  if (used.length) throw conflict(`Purchase order ${String(row.number)} cannot be cancelled: ${used.join(" and ")}. Close it instead.`);
  await closeOrder(ctx, row, "CANCELLED");
}

/** An invoice or a line may not be added to a closed order: 422 on `field` naming the first such order. */
export async function refuseClosedOrders(trx: DB, ctx: Ctx, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const closed = await trx.selectFrom("purchase_orders").select("number").where("company_id", "=", ctx.company.id)
    .where("id", "in", ids).where("status", "=", "CLOSED").executeTakeFirst();
  if (closed) throw unprocessable({ [field]: [`purchase order ${closed.number} is closed: it takes nothing more`] });
}
