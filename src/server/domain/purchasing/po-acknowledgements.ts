/**
 * A vendor acknowledges a purchase order from the portal (issue 13): it has received the approved
 * order and will fill it. Only an order the purchaser has approved (APPROVED, OPEN — the portal
 * action's `when`, 409 otherwise) is acknowledged; the first acknowledgement is kept (when, and the
 * vendor's login), a second one changes nothing. Staff see it on the order ("Acknowledged by vendor on …").
 */
import type { Ctx, Row } from "../../resources/context.js";

/** `order` is the locked row of the portal action's transaction (`ctx.db`), which audits the action. */
export async function acknowledgeOrder(ctx: Ctx, order: Row): Promise<void> {
  if (order.acknowledged_at != null) return;
  const acknowledged = { acknowledged_at: new Date(), acknowledged_by_id: ctx.user.id };
  await ctx.db.updateTable("purchase_orders").set({ ...acknowledged, updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", order.id as number).execute();
}
