import { defineResource } from "../src/framework/resource.js";
import { inboundReceiptSchema } from "../schemas/inbound_receipt.js";

/**
 * Inbound receipts: advance shipping notices. Statuses (ours; the spec names none): EXPECTED (announced),
 * SHIPPED (in transit), RECEIVED (arrived), CANCELLED. Composite INBOUND = EXPECTED | SHIPPED.
 */
export default defineResource({
  name: "inbound_receipts",
  schema: inboundReceiptSchema,
  title: "number",
  module: "receipts_active",
  menu: { group: "receiving", order: 3 },
  routes: { list: "/inbound_receipts", create: "/inbound_receipts/add", show: "/inbound_receipts/:receiptID" },
  permissions: { list: ["listReceipts"], show: ["readReceipts"], create: ["addReceipts"] },
  statuses: {
    field: "status",
    values: [
      { code: "EXPECTED", color: "blue" },
      { code: "SHIPPED", color: "geekblue" },
      { code: "RECEIVED", color: "green" },
      { code: "CANCELLED", color: "default" },
    ],
    composites: { INBOUND: ["EXPECTED", "SHIPPED"] },
  },
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "purchase_order.number", link: "show", linkResource: "purchase_orders", linkIdField: "purchase_order_id", filterable: true },
    { field: "expected_date", kind: "date", filterable: true },
    { field: "carrier", filterable: true },
    { field: "tracking_number", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "expected_date", order: "desc" },
  search: ["number", "carrier", "tracking_number"],
  indexes: ["number", "vendor_id", "purchase_order_id", "expected_date", "status"],
  serverFields: ["vendor_id", "receipt_id"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number", "status"] },
    receipt: { kind: "belongsTo", resource: "receipts", foreignKey: "receipt_id", fields: ["id", "number", "status"] },
    inbound_receipt_items: { kind: "hasMany", resource: "inbound_receipt_items", foreignKey: "inbound_receipt_id", fields: ["id", "po_item_id", "quantity"] },
  },
  // the announced quantities of the order's lines, pulled from its open lines like a receipt's
  lines: [{
    relation: "inbound_receipt_items", fields: ["po_item_id", "quantity"],
    pick: { from: "purchase_orders", relation: "po_items", open: { qty_balance: { gt: 0 } }, map: { po_item_id: "id", quantity: "qty_balance" }, match: { id: "purchase_order_id" } },
  }],
  // the goods arrived: a DRAFT receipt of the announced quantities, capped at what is still open (domain/purchasing/inbound-receipts.ts)
  recordActions: [{ name: "receive", kind: "post", label: "inbound_receipts.actions.receive", permission: ["addReceipts"], when: { status: ["EXPECTED", "SHIPPED"] } }],
  // the vendor's view (docs/portal.md): its shipments against orders
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: ["number", "expected_date", "carrier", "tracking_number", "status", "purchase_order.number"],
  },
});
