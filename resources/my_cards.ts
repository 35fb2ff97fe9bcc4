/**
 * /my_vcards: the cards the signed-in user holds (`contact_id` is their contact), whatever their keys
 * (docs/cards.md); their transactions are my_card_transactions.ts. The spec names no route or key for it: any staff
 * user may open it and the server confines it to their cards.
 */
import { defineResource } from "../src/framework/resource.js";
import { virtualCardList } from "./virtual_cards.js";

export default defineResource({
  ...virtualCardList,
  name: "my_cards",
  table: "virtual_cards",
  personalScope: { contact: "contact_id" },
  menu: { group: "cards", order: 0 },
  routes: { list: "/my_vcards" },
  permissions: { list: [], show: [] },
});
