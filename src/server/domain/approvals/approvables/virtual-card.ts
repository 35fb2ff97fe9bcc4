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
  // a card's limits or controls changed after its approval: approved again before they take effect
  reapprove: {
    fields: ["amount", "per_transaction_min", "per_transaction_max", "is_international_usage", "is_reload_balance_monthly", "start_date", "end_date",
      "expiry", "vendor_id", "currency_code", "card_program_id"],
    statuses: ["APPROVED", "ACTIVE", "TEMPORARY BLOCK"],
  },
  submitted: (ctx) => ({ submitter_contact_id: ctx.contact.id }),
  // a card already issued (re-approved after a change) is active again; a new one awaits its issue
  approvedStatus: (record) => (record.issue_date ? "ACTIVE" : "APPROVED"),
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
};
