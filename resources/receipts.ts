import { defineResource } from "../src/framework/resource.js";
import { receiptSchema } from "../schemas/receipt.js";
import { documentsOf } from "./shared/documents.js";

/**
 * Goods receipts. Statuses: DRAFT (being logged, editable) and SUBMITTED (signed off, final).
 * Every receipt item counts toward its line's qty_received at once (the goods are in the building);
 * see src/server/domain/purchasing/receipts.ts for the rules.
 */
export default defineResource({
  name: "receipts",
  kind: "Receipt",
  schema: receiptSchema,
  title: "number",
  module: "receipts_active",
  menu: { group: "receiving", order: 2 },
  routes: {
    list: "/receipts",
    show: "/receipt/:receiptID",
    create: "/log_new_receipt",
    edit: "/update_receipt/:receiptID",
    views: [
      { path: "/receipts", params: { invoiceNumber: "invoice.number_like" } },
      // /log_new_receipt?poID|invoiceID&flag prefills purchase_order_id / invoice_id; flag=true logs a return to the vendor
      { path: "/log_new_receipt", page: "create", params: { poID: "purchase_order_id", invoiceID: "invoice_id", flag: "is_return" } },
    ],
  },
  permissions: {
    list: ["listReceipts"],
    show: ["readReceipts"],
    create: ["addReceipts"],
    edit: ["addReceipts", "submitReceipts"],
  },
  statuses: {
    field: "status",
    values: [
      { code: "DRAFT", color: "default" },
      { code: "SUBMITTED", color: "green" },
    ],
  },
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "purchase_order.number", link: "show", linkResource: "purchase_orders", linkIdField: "purchase_order_id", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "invoice.number", link: "show", linkResource: "invoices", linkIdField: "invoice_id", filterable: true },
    { field: "received_date", kind: "date", filterable: true },
    { field: "is_return", kind: "boolean", filterable: true },
    { field: "status", kind: "status", filterable: true },
    { field: "notes", hidden: true, filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "notes"],
  indexes: ["number", "purchase_order_id", "invoice_id", "vendor_id", "received_date", "status"],
  serverFields: ["number", "vendor_id"],
  relations: {
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number", "status"] },
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number"] },
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    received_by: { kind: "belongsTo", resource: "contacts", foreignKey: "received_by_contact_id", fields: ["id", "first_name", "last_name"] },
    receipt_items: { kind: "hasMany", resource: "receipt_items", foreignKey: "receipt_id", fields: ["id", "po_item_id", "quantity"] },
    documents: documentsOf("Receipt"),
  },
  // data-spec 2: the order's open lines (qty_balance above zero) are pulled in with what is still to receive;
  // each line shows its PO line's ordered, received so far and still to receive quantities
  lines: [{
    relation: "receipt_items", fields: ["po_item_id", "quantity"],
    pick: { from: "purchase_orders", relation: "po_items", open: { qty_balance: { gt: 0 } }, map: { po_item_id: "id", quantity: "qty_to_receive" }, match: { id: "purchase_order_id" } },
    context: { po_item_id: ["po_item.quantity", "po_item.qty_received", "po_item.qty_to_receive"] },
  }],
  recordActions: [{ name: "submit", kind: "post", label: "statusActions.submit", permission: ["addReceipts", "submitReceipts"], when: { status: "DRAFT" }, to: "SUBMITTED" }],
  rowActions: [{ action: "edit", permission: ["addReceipts", "submitReceipts"], when: { status: "DRAFT" } }],
});
