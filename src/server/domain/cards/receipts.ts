/**
 * A card holder's narrow right: attaching a receipt to a transaction of their own card (the card's
 * holder contact is theirs), without the documents keys. Nothing else of the transaction is theirs to
 * change; the documents upload checks this (../admin/uploads.ts).
 */
import type { Ctx } from "../../resources/context.js";

export async function isHoldersTransaction(ctx: Ctx, id: number): Promise<boolean> {
  const row = await ctx.db.selectFrom("card_transactions as t").innerJoin("virtual_cards as c", "c.id", "t.virtual_card_id")
    .select("t.id").where("t.company_id", "=", ctx.company.id).where("c.company_id", "=", ctx.company.id)
    .where("t.id", "=", id).where("c.contact_id", "=", ctx.contact.id).executeTakeFirst();
  return row !== undefined;
}
