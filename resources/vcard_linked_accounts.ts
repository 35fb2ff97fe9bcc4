/**
 * /vcard_linked_accounts: transactions of external card accounts linked to the company (source
 * LINKED_ACCOUNT). Guarded by listExternalVCardAccounts, so a view resource of the card_transactions
 * table that the server confines to those rows.
 */
import { defineResource } from "../src/framework/resource.js";
import { cardTransactionList } from "./card_transactions.js";

export default defineResource({
  ...cardTransactionList,
  name: "vcard_linked_accounts",
  table: "card_transactions",
  baseFilter: { source: "LINKED_ACCOUNT" },
  menu: { group: "cards", order: 7 },
  routes: { list: "/vcard_linked_accounts" },
  permissions: { list: ["listExternalVCardAccounts"], show: ["listExternalVCardAccounts"] },
});
