import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderSchema } from "../schemas/purchase_order.js";

export default defineResource({
  name: "purchase_orders",
  schema: purchaseOrderSchema,
  title: "number",
  module: "purchase_orders_active",
  menu: { group: "purchasing", order: 1 },
  routes: {
    list: "/purchase_orders",
    show: "/purchase_orders/:purchaseOrderID",
    create: "/purchase_orders/new",
    edit: "/purchase_orders/:purchaseOrderID/edit",
    views: [],
  },
  permissions: {
    list: ["listPurchaseOrders"],
    show: ["readPurchaseOrders"],
    create: ["addPurchaseOrders", "requestPurchaseOrders"],
    edit: ["editPurchaseOrders"],
    delete: ["deletePurchaseOrders"],
  },
  statuses: {
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
  },
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "date", kind: "date", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "open_balance", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "invoice_balance", kind: "money", currency: "currency_code", hidden: true },
    { field: "po_type", kind: "enum", hidden: true, filterable: true },
    { field: "department", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description", "project_name"],
  indexes: ["number", "vendor_id", "status", "date"],
  serverFields: ["open_balance", "invoice_balance", "accrual_balance", "fully_matched"],
  computed: ["currency"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    requestor: { kind: "belongsTo", resource: "contacts", foreignKey: "requestor_id", fields: ["id", "first_name", "last_name"] },
    po_items: { kind: "hasMany", resource: "po_items", foreignKey: "purchase_order_id", fields: ["id", "line", "description", "quantity", "unit_price", "amount", "qty_received", "qty_billed"] },
  },
  rowActions: [
    { action: "edit", permission: ["editPurchaseOrders"], when: { status: ["DRAFT", "PENDING", "REJECTED"] } },
    { action: "delete", permission: ["deletePurchaseOrders"], when: { status: ["DRAFT", "REJECTED"] }, confirm: "confirm.deletePurchaseOrder" },
  ],
  portal: { scope: "vendor_id", actions: ["list", "show"] },
});
