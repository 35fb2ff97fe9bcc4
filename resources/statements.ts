/**
 * Card statements (product spec 2.9): /statements?statementType, /statements/:vcardStatementID.
 * Statuses (data spec 4, bank statement): NEW, OPEN, APPROVED, CLOSED, PAID; no composites.
 * `is_validate_pay_now`: the statement is payable — OPEN or APPROVED with a balance to pay.
 * Statements are closed per card program (card_programs close_statement), submitted for payment and paid.
 */
import { defineResource } from "../src/framework/resource.js";
import { statementSchema } from "../schemas/statement.js";

export default defineResource({
  name: "statements",
  kind: "Statement",
  schema: statementSchema,
  title: "close_date",
  module: "virtual_cards_active",
  menu: { group: "cards", order: 4 },
  routes: {
    list: "/statements",
    show: "/statements/:vcardStatementID",
    views: [{ path: "/statements", params: { statementType: "statement_type" } }],
  },
  permissions: { list: ["listVCardStatements"], show: ["readVCardStatements"] },
  statuses: {
    field: "status",
    values: [
      { code: "NEW", color: "blue" },
      { code: "OPEN", color: "geekblue" },
      { code: "APPROVED", color: "cyan" },
      { code: "PAID", color: "green" },
      { code: "CLOSED", color: "default" },
    ],
  },
  columns: [
    { field: "close_date", kind: "date", link: "show", filterable: true },
    { field: "begin_date", kind: "date", hidden: true, filterable: true },
    { field: "account_number", filterable: true },
    { field: "card_program.name", filterable: true },
    { field: "statement_type", kind: "enum", filterable: true },
    { field: "previous_balance", kind: "money", currency: "currency_code", hidden: true, filterable: true },
    { field: "transaction_amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "payment_amount", kind: "money", currency: "currency_code", hidden: true, filterable: true },
    { field: "current_balance", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "minimum_payment", kind: "money", currency: "currency_code", filterable: true },
    { field: "available_credit", kind: "money", currency: "currency_code", hidden: true, filterable: true },
    { field: "due_date", kind: "date", filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "is_validate_pay_now", kind: "boolean", sortable: false, hidden: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "close_date", order: "desc" },
  search: ["external_id", "account_number"],
  indexes: [
    "close_date", "begin_date", "account_number", "card_program_id", "statement_type", "previous_balance", "transaction_amount",
    "payment_amount", "current_balance", "minimum_payment", "available_credit", "due_date", "currency_code", "status",
  ],
  computed: ["is_validate_pay_now", "currency"],
  // data spec 6: submit for payment needs a write-admin user and a payable statement; pay, a credit-type card
  recordActions: [
    { name: "submit_for_payment", kind: "post", label: "statusActions.submitForPayment", permission: ["editVCards"], when: { status: "OPEN", is_validate_pay_now: true }, to: "APPROVED" },
    {
      name: "pay", kind: "post", label: "statusActions.payStatement", permission: ["editVCards"], when: { status: "APPROVED", is_validate_pay_now: true, statement_type: "CREDIT" },
      confirm: "confirm.payStatement", idempotent: true,
    },
  ],
  relations: {
    card_program: { kind: "belongsTo", resource: "card_programs", foreignKey: "card_program_id", fields: ["id", "name", "program_type"] },
    card_transactions: {
      kind: "hasMany", resource: "card_transactions", foreignKey: "statement_id",
      fields: ["id", "transaction_date", "vendor_name", "posted_amount", "posted_date", "currency_code", "transaction_status"],
    },
  },
});
