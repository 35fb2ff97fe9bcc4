/**
 * /my_vcard_transactions: a card holder's own card transactions — those of the cards whose holder
 * (`virtual_cards.contact_id`) is the signed-in user's contact, whatever their keys — to follow their
 * spending and attach receipts (docs/cards.md). The spec names no route or key for it: any staff
 * user may open it and the server confines it to their cards; another's transaction is 404.
 */
import { defineResource } from "../src/framework/resource.js";
import { cardTransactionList } from "./card_transactions.js";

export default defineResource({
  ...cardTransactionList,
  name: "my_card_transactions",
  table: "card_transactions",
  personalScope: { contact: "virtual_card.contact_id" },
  // the rows open here, not on the card administrators' page
  columns: cardTransactionList.columns.map((c) => (c.field === "transaction_date" ? { ...c, linkResource: "my_card_transactions" } : c)),
  menu: { group: "cards", order: 0 },
  routes: { list: "/my_vcard_transactions", show: "/my_vcard_transactions/:transactionID" },
  permissions: { list: [], show: [] },
});
