/**
 * Card transactions (product spec 2.9): /vcard_transactions with the spec's query parameters — last4
 * (the card's last four digits), purchase_has_data (a purchase is linked: true/false), filterType (the
 * transaction status), account_code, latest_statement_close_date (the close date of the statement it
 * is on) — and /vcard_transactions/:transactionID. Status filter values (data spec 4): Approved
 * (labelled Authorized), declined, CLEARED, EXPIRED; no composites. Transactions of external card
 * accounts linked to the company are the view resource vcard_linked_accounts.ts.
 */
import { defineResource } from "../src/framework/resource.js";
import { cardTransactionSchema } from "../schemas/card_transaction.js";
import { documentsOf } from "./shared/documents.js";

/** What every list of card transactions shows; vcard_linked_accounts.ts spreads it. */
export const cardTransactionList = {
  schema: cardTransactionSchema,
  title: "vendor_name",
  module: "virtual_cards_active",
  statuses: {
    field: "transaction_status",
    values: [
      { code: "Approved", color: "cyan" },
      { code: "declined", color: "red" },
      { code: "CLEARED", color: "green" },
      { code: "EXPIRED", color: "default" },
    ],
  },
  columns: [
    { field: "transaction_date", kind: "date", link: "show", linkResource: "card_transactions", linkIdField: "id", filterable: true },
    { field: "masked_number", sortable: false },
    { field: "virtual_card.last4", hidden: true, filterable: true },
    { field: "vendor_name", filterable: true },
    { field: "authorized_amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "posted_amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "posted_date", kind: "date", filterable: true },
    { field: "amount_in_functional", kind: "money", total: true, hidden: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "mcc_category", filterable: true },
    { field: "account_code", filterable: true },
    { field: "department", hidden: true, filterable: true },
    { field: "receipt_required", kind: "enum", filterable: true },
    { field: "receipt_attached", kind: "boolean", hidden: true, filterable: true },
    { field: "receipt_tooltip", sortable: false, hidden: true },
    { field: "transaction_status_description", hidden: true, filterable: true },
    { field: "purchase.number", hidden: true, filterable: true },
    { field: "purchase_has_data", kind: "boolean", hidden: true, filterable: true },
    { field: "statement.close_date", kind: "date", hidden: true, filterable: true },
    { field: "transaction_status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "transaction_date", order: "desc" },
  search: ["vendor_name", "external_id", "approval_code", "mcc_category"],
  serverFields: ["purchase_has_data", "exchange_rate"],
  functional: { rate: "exchange_rate", currency: "currency_code", date: "transaction_date", amounts: {  } },
  computed: ["masked_number", "currency", "receipt_tooltip"],
  relations: {
    // the receipt: a file (upload or phone camera), attached by the card holder too (docs/cards.md)
    documents: documentsOf("CardTransaction"),
    virtual_card: { kind: "belongsTo", resource: "virtual_cards", foreignKey: "virtual_card_id", fields: ["id", "last4", "card_type", "contact_id"] },
    purchase: { kind: "belongsTo", resource: "purchases", foreignKey: "purchase_id", fields: ["id", "number", "status", "external_id"] },
    statement: { kind: "belongsTo", resource: "statements", foreignKey: "statement_id", fields: ["id", "external_id", "close_date"] },
    expense_item: { kind: "belongsTo", resource: "expense_items", foreignKey: "expense_item_id", fields: ["id", "merchant", "expense_report_id"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number", "open_balance"] },
  },
} as const;

export default defineResource({
  ...cardTransactionList,
  name: "card_transactions",
  kind: "CardTransaction",
  menu: { group: "cards", order: 3 },
  routes: {
    list: "/vcard_transactions",
    show: "/vcard_transactions/:transactionID",
    views: [{
      path: "/vcard_transactions",
      params: {
        last4: "virtual_card.last4",
        purchase_has_data: "purchase_has_data",
        filterType: "transaction_status",
        account_code: "account_code",
        latest_statement_close_date: "statement.close_date",
      },
    }],
  },
  // transactions come from the card network (docs/cards.md): read-only but for their coding
  permissions: { list: ["listVCardTransactions"], show: ["readVCardTransactions"] },
  indexes: [
    "transaction_date", "virtual_card_id", "purchase_id", "statement_id", "expense_item_id", "transaction_status", "vendor_name",
    "authorized_amount", "posted_amount", "posted_date", "mcc_category", "account_code", "department", "receipt_required",
    "receipt_attached", "purchase_has_data", "currency_code", "source", "purchase_order_id",
  ],
  // coding (account, department) and matching to a PO or an expense item; a receipt first above the company threshold
  recordActions: [{
    name: "code", kind: "post", label: "statusActions.codeTransaction", permission: ["editaccountPurchases", "editPurchases"],
    when: { transaction_status: ["Approved", "CLEARED"] },
    input: {
      type: "object", additionalProperties: false, required: ["account_code"],
      properties: {
        account_code: { type: "string", minLength: 1, maxLength: 30 },
        department: { type: ["string", "null"], maxLength: 100 },
        purchase_order_id: { type: ["integer", "null"], "x-references": "purchase_orders" },
        expense_item_id: { type: ["integer", "null"], "x-references": "expense_items" },
      },
    },
  }],
});
