import { defineResource } from "../src/framework/resource.js";
import { invoiceItemSchema } from "../schemas/invoice_item.js";

/**
 * Lines of an invoice, written with it (invoices `lines`). A line pulled from a purchase order names its
 * PO line: it counts toward that line's qty_billed and is matched against it
 * (src/server/domain/purchasing/invoice-matching.ts).
 */
export default defineResource({
  name: "invoice_items",
  kind: "InvoiceItem",
  schema: invoiceItemSchema,
  title: "description",
  module: "invoices_active",
  menu: false,
  routes: {},
  permissions: {
    list: ["listInvoices"],
    show: ["readInvoices"],
    create: ["addInvoices", "editInvoices"],
    edit: ["editInvoices"],
    delete: ["editInvoices"],
  },
  columns: [
    { field: "line", kind: "number" },
    { field: "description" },
    { field: "quantity", kind: "number" },
    { field: "unit_price", kind: "money" },
    { field: "amount", kind: "money" },
    { field: "account_number" },
  ],
  defaultSort: { field: "line", order: "asc" },
  indexes: ["invoice_id", "po_item_id"],
  serverFields: ["amount"],
  relations: {
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number", "status"] },
    po_item: { kind: "belongsTo", resource: "po_items", foreignKey: "po_item_id", fields: ["id", "line", "description", "purchase_order_id"] },
  },
});
