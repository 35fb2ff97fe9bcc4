import { defineResource } from "../src/framework/resource.js";
import { invoiceNumberColumn, invoiceVendorColumn, invoiceViewBase } from "./shared/invoice_views.js";

/**
 * Invoices requiring receipt (receiving dashboard): unpaid invoices linked to a purchase order that
 * is APPROVED or OPEN, i.e. whose goods are not all received yet (a received-in-full order is CLOSED).
 */
export default defineResource({
  ...invoiceViewBase,
  name: "invoices_req_receipt",
  module: "receipts_active",
  baseFilter: { status: "UNPAID", purchase_order_ids_null: "false", "purchase_orders.status": ["APPROVED", "OPEN"] },
  menu: { group: "receiving", order: 3 },
  routes: { list: "/invoices_req_receipt" },
  permissions: {
    list: ["listInvoicesRequiringReceipt"],
    show: ["listInvoicesRequiringReceipt"],
  },
  columns: [
    invoiceNumberColumn,
    invoiceVendorColumn,
    { field: "purchase_orders.number", sortable: false, filterable: true },
    { field: "date", kind: "date", filterable: true },
    { field: "due_date", kind: "date", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
});
