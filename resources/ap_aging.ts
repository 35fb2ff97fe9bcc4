import { defineResource } from "../src/framework/resource.js";
import { invoiceNumberColumn, invoiceVendorColumn, invoiceViewBase } from "./shared/invoice_views.js";

/**
 * AP aging: unpaid invoices with a balance, sorted by vendor so that each vendor's invoices sit
 * together, with the balance in aging buckets (computed by the invoices' hook: 0-30 holds what is
 * current, then 31-60 and 61+ days past due; Past Due is the whole balance once past due).
 */
export default defineResource({
  ...invoiceViewBase,
  name: "ap_aging",
  baseFilter: { status: "UNPAID", balance_outstanding_gte: "0.01" },
  menu: { group: "payables", order: 9 },
  routes: { list: "/ap_aging" },
  permissions: { list: ["listInvoices"], show: ["readInvoices"] },
  columns: [
    invoiceVendorColumn,
    invoiceNumberColumn,
    { field: "due_date", kind: "date", filterable: true },
    { field: "balance_outstanding", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "amount_overDue", kind: "money", currency: "currency_code", total: true, sortable: false },
    { field: "amt_overdue_0_to_30", kind: "money", currency: "currency_code", total: true, sortable: false },
    { field: "amt_overdue_31_to_60", kind: "money", currency: "currency_code", total: true, sortable: false },
    { field: "amt_overdue_61_to_over", kind: "money", currency: "currency_code", total: true, sortable: false },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "vendor.name", order: "asc" },
});
