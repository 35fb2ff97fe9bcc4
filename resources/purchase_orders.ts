import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderSchema } from "../schemas/purchase_order.js";
import { documentsOf } from "./shared/documents.js";
import { activitiesOf } from "./shared/activities.js";

/**
 * Composites: ACTIVE = APPROVED | OPEN (approved, may be received and invoiced);
 * OPEN/PENDING = OPEN | PENDING.
 */
export const purchaseOrderStatuses = {
  field: "status",
  values: [
    { code: "DRAFT", color: "default" },
    { code: "PENDING", color: "gold" },
    { code: "APPROVED", color: "cyan" },
    { code: "OPEN", color: "geekblue" },
    { code: "CLOSED", color: "default" },
    { code: "REJECTED", color: "red" },
  ],
  composites: { ACTIVE: ["APPROVED", "OPEN"], "OPEN/PENDING": ["OPEN", "PENDING"] },
} as const;

/** Shared by the views of purchase_orders (approvals, requests, receiving, POs requiring cards). */
export const purchaseOrderColumns = [
  { field: "number", link: "show", linkResource: "purchase_orders", linkIdField: "id", filterable: true },
  { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
  { field: "date", kind: "date", filterable: true },
  { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
  { field: "open_balance", kind: "money", currency: "currency_code", total: true, filterable: true },
  { field: "invoice_balance", kind: "money", currency: "currency_code", hidden: true },
  { field: "accrual_balance", kind: "money", currency: "currency_code", hidden: true },
  { field: "po_type", kind: "enum", hidden: true, filterable: true },
  { field: "po_subtype", kind: "enum", hidden: true, filterable: true },
  { field: "department", hidden: true, filterable: true },
  { field: "budget.label", hidden: true, filterable: true },
  { field: "approval_status", kind: "enum", hidden: true, filterable: true },
  // data-spec 5: the matched or not matched mark, where the company matches two ways in advance
  { field: "fully_matched", kind: "boolean", icon: true, filterable: true, companySetting: "advanced_two_way_matching" },
  { field: "status", kind: "status", filterable: true },
] as const;

export const purchaseOrderRelations = {
  vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
  subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
  requestor: { kind: "belongsTo", resource: "contacts", foreignKey: "requestor_id", fields: ["id", "first_name", "last_name"] },
  budget: { kind: "belongsTo", resource: "budgets", foreignKey: "budget_id", fields: ["id", "label", "amount"] },
  po_items: { kind: "hasMany", resource: "po_items", foreignKey: "purchase_order_id", fields: ["id", "line", "description", "quantity", "unit_price", "amount", "account_number", "department", "qty_received", "qty_billed"] },
  // its receipts and returns to the vendor (domain/purchasing/receipts.ts)
  receipts: { kind: "hasMany", resource: "receipts", foreignKey: "purchase_order_id", fields: ["id", "number", "is_return", "received_date", "status"] },
  documents: documentsOf("PurchaseOrder"),
  activities: activitiesOf("purchase_orders"),
} as const;

/** The order's lines: amount = the sum of quantity × unit price (domain/purchasing/po-items.ts); shared by the request view. */
export const purchaseOrderLines = [
  {
    relation: "po_items", fields: ["catalogue_item_id", "description", "quantity", "unit_price", "account_number", "department"], position: "line",
    total: { field: "amount", product: ["quantity", "unit_price"], document: "amount" },
    // a catalogue item gives the line its description and price (domain/purchasing/catalogue-items.ts)
    fill: { catalogue_item_id: { description: "display_name", unit_price: "price" } },
    // beside the quantity, what was received and billed of it and what is still open (before the coding columns)
    context: { quantity: ["qty_received", "qty_billed", "qty_balance"] },
  },
] as const;

/** A request is edited only while the status allows it (data-spec 5): not once approved. */
export const purchaseOrderEditable = { status: ["DRAFT", "PENDING", "REJECTED"] } as const;

export const purchaseOrderServerFields = ["open_balance", "invoice_balance", "accrual_balance", "fully_matched", "approval_status", "awaiting_receipt", "vcard_id", "closed_at", "close_reason", "exchange_rate"] as const;

export default defineResource({
  name: "purchase_orders",
  kind: "PurchaseOrder",
  schema: purchaseOrderSchema,
  title: "number",
  module: "purchase_orders_active",
  menu: { group: "purchasing", order: 1 },
  routes: {
    list: "/purchase_orders",
    show: "/purchase_orders/:purchaseOrderID",
    create: "/purchase_orders/new",
    edit: "/purchase_orders/:purchaseOrderID/edit",
    views: [
      { path: "/purchase_orders", params: { purchaseOrderNumber: "number_like", status: "status", vendorName: "vendor.name_like" } },
    ],
  },
  permissions: {
    list: ["listPurchaseOrders"],
    show: ["readPurchaseOrders"],
    create: ["addPurchaseOrders", "requestPurchaseOrders"],
    edit: ["editPurchaseOrders"],
    delete: ["deletePurchaseOrders"],
  },
  statuses: purchaseOrderStatuses,
  columns: purchaseOrderColumns,
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description", "project_name", "vendor.name"],
  indexes: ["number", "vendor_id", "status", "date", "budget_id", ["status", "awaiting_receipt"], ["po_type", "status"]],
  serverFields: purchaseOrderServerFields,
  computed: ["currency"],
  functional: { rate: "exchange_rate", currency: "currency_code", date: "date", amounts: { amount: "amount_in_functional" } },
  relations: purchaseOrderRelations,
  lines: purchaseOrderLines,
  // close frees the uninvoiced rest; cancel calls off an order nothing was received or invoiced on (domain/purchasing/po-lifecycle.ts)
  recordActions: [
    { name: "close", kind: "post", label: "purchase_orders.actions.close", permission: ["editPurchaseOrders"], when: { status: ["APPROVED", "OPEN"] }, confirm: "confirm.closePurchaseOrder" },
    { name: "cancel", kind: "post", label: "purchase_orders.actions.cancel", permission: ["editPurchaseOrders"], when: { status: ["APPROVED", "OPEN"] }, confirm: "confirm.cancelPurchaseOrder", danger: true },
    // the order as its vendor receives it by mail (domain/purchasing/po-pdf.ts)
    { name: "order.pdf", kind: "download", label: "purchase_orders.actions.pdf", permission: ["readPurchaseOrders"] },
  ],
  rowActions: [
    // a purchasing editor also changes an approved or open order: it goes back through approval (approvables/purchase-order.ts)
    { action: "edit", permission: ["editPurchaseOrders"], when: { status: [...purchaseOrderEditable.status, "APPROVED", "OPEN"] } },
    { action: "delete", permission: ["deletePurchaseOrders"], when: { status: ["DRAFT", "REJECTED"] }, confirm: "confirm.deletePurchaseOrder" },
  ],
  // spec 2.15 "PO request edit": requestPurchaseOrders, editPurchaseOrders, po_approval_edit
  approvable: { type: "PurchaseOrder", submittable: ["DRAFT", "REJECTED"], permission: ["requestPurchaseOrders", "editPurchaseOrders", "po_approval_edit"] },
  approval: {
    type: "PurchaseOrder",
    requester: "requestor_id",
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["APPROVED"] },
    restartOn: ["amount", "vendor_id", "subsidiary_id", "currency_code", "department", "budget_id", "po_items"],
    reapprove: {
      fields: ["number", "vendor_id", "subsidiary_id", "requestor_id", "date", "amount", "currency_code", "po_type", "po_subtype", "department", "budget_id", "multiple_vendors", "po_items"],
      statuses: ["APPROVED", "OPEN"],
    },
  },
  // the vendor's view (docs/portal.md): its orders' numbers, dates, amounts and status; never budgets, requestors, approvals
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: [
      "number", "date", "amount", "open_balance", "currency_code", "currency", "status", "description", "acknowledged_at",
      "po_items.line", "po_items.description", "po_items.quantity", "po_items.unit_price", "po_items.amount", "po_items.qty_received",
    ],
    // a draft order is the purchaser's work in progress: not sent to the vendor yet
    where: { status_ne: "DRAFT" },
    // the vendor confirms an approved order (domain/purchasing/po-acknowledgements.ts); a second time changes nothing
    recordActions: [{ name: "acknowledge", label: "portal.acknowledge", when: { status: ["APPROVED", "OPEN"] } }],
  },
});
