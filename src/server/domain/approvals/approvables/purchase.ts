/**
 * Card purchases (data-spec 4 purchase filter: PENDING → OPEN, or REJECT). The spec's workflow types
 * have no purchase type; a purchase is spend on a card (module virtual_cards_active, listed with the
 * card approvals), so the company's VirtualCard workflow applies. Approvals name them "Purchase".
 */
import { accountIds, recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const purchaseApproval: ApprovalBehaviour = {
  // the card holder made the purchase
  async beneficiaries(record, trx, ctx) {
    if (record.virtual_card_id == null) return [];
    const card = await trx.selectFrom("virtual_cards").select("contact_id").where("company_id", "=", ctx.company.id)
      .where("id", "=", record.virtual_card_id as number).executeTakeFirst();
    return card?.contact_id == null ? [] : [card.contact_id];
  },
  async facts(record, trx, ctx) {
    const code = record.account_code == null ? [] : [String(record.account_code)];
    return { ...recordFacts(record), accountIds: await accountIds(trx, ctx, code) };
  },
};
