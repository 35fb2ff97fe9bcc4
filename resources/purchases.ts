/**
 * Card purchases (product spec 2.9): /purchase/:purchaseID, the approvals list /purchase/approvals
 * (purchases PENDING) and its approval screen /purchase/approvals/:purchaseID. Statuses (data spec 4):
 * PENDING, OPEN, PAID, REFUNDED, REJECT, POSTED, DISPUTED; no composites. Editing (account coding,
 * data spec 6: editPurchases or editaccountPurchases) is allowed until the purchase is settled
 * (PAID, REFUNDED, REJECT); the spec has no edit path, so it is offered through the API.
 */
import { defineResource } from "../src/framework/resource.js";
import { purchaseSchema } from "../schemas/purchase.js";

export default defineResource({
  name: "purchases",
  kind: "Purchase",
  schema: purchaseSchema,
  title: "number",
  module: "virtual_cards_active",
  menu: { group: "cards", order: 5 },
  routes: {
    show: "/purchase/:purchaseID",
    views: [
      { path: "/purchase/approvals", title: "purchases.views.approvals", preset: { status: "PENDING" }, approvalList: true },
      { path: "/purchase/approvals/:purchaseID", page: "approval" },
    ],
  },
  permissions: {
    // the spec guards purchases with readPurchases only (there is no listPurchases key)
    list: ["readPurchases"],
    show: ["readPurchases"],
    edit: ["editPurchases", "editaccountPurchases"],
  },
  statuses: {
    field: "status",
    values: [
      { code: "PENDING", color: "gold" },
      { code: "OPEN", color: "geekblue" },
      { code: "POSTED", color: "cyan" },
      { code: "PAID", color: "green" },
      { code: "DISPUTED", color: "orange" },
      { code: "REFUNDED", color: "purple" },
      { code: "REJECT", color: "red" },
    ],
  },
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "purchase_date", kind: "date", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "masked_number", sortable: false },
    { field: "virtual_card.last4", hidden: true, filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "purchase_order.number", hidden: true, filterable: true },
    { field: "account_code", hidden: true, filterable: true },
    { field: "department", hidden: true, filterable: true },
    { field: "description", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "purchase_date", order: "desc" },
  search: ["number", "description", "external_id"],
  indexes: ["number", "purchase_date", "vendor_id", "virtual_card_id", "purchase_order_id", "amount", "status", "currency_code", "account_code", "department"],
  computed: ["masked_number", "currency"],
  relations: {
    virtual_card: { kind: "belongsTo", resource: "virtual_cards", foreignKey: "virtual_card_id", fields: ["id", "last4", "card_type"] },
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number", "open_balance"] },
    card_transactions: {
      kind: "hasMany", resource: "card_transactions", foreignKey: "purchase_id",
      fields: ["id", "transaction_date", "vendor_name", "authorized_amount", "posted_amount", "currency_code", "transaction_status"],
    },
  },
  // a purchase arrives PENDING from the card provider: submitting starts its chain (VirtualCard workflows)
  approvable: { type: "Purchase", submittable: ["PENDING"], permission: ["editPurchases", "editaccountPurchases"] },
  approval: {
    type: "Purchase",
    workflowType: "VirtualCard",
    statuses: { pending: "PENDING", rejected: "REJECT", approved: ["OPEN"] },
    restartOn: ["amount", "account_code", "department", "vendor_id", "currency_code", "purchase_order_id"],
    // an approved (OPEN) purchase whose amount or coding changes is approved again
    reapprove: { fields: ["amount", "account_code", "department", "vendor_id", "currency_code", "purchase_order_id"], statuses: ["OPEN"] },
  },
  rowActions: [
    { action: "edit", permission: ["editPurchases", "editaccountPurchases"], when: { status: ["PENDING", "OPEN", "POSTED", "DISPUTED"] } },
  ],
});
