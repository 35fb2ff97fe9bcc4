/**
 * Virtual cards (data-spec 4: a new card is PENDING; approved → APPROVED, to be issued; or REJECTED).
 * The card's amount is its limit.
 */
import { recordFacts } from "./facts.js";
import type { Engine } from "./index.js";

export const virtualCardEngine: Engine = {
  resource: "virtual_cards",
  // the card holder asked for the card
  requester: "contact_id",
  // a card is spent by its holder
  beneficiaries: (record) => (record.contact_id == null ? [] : [record.contact_id as number]),
  facts: async (record) => recordFacts(record),
  restartOn: ["amount", "vendor_id", "subsidiary_id", "currency_code", "per_transaction_max", "card_program_id", "purchase_order_ids"],
  submitted: (ctx) => ({ submitter_contact_id: ctx.contact.id }),
  approvedStatus: () => "APPROVED",
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
};
