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
  serverFields: ["vendor_id"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number", "status"] },
  },
  // the vendor's view (docs/portal.md): its shipments against orders
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: ["number", "expected_date", "carrier", "tracking_number", "status", "purchase_order.number"],
  },
});
