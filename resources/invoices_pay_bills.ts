import { defineResource } from "../src/framework/resource.js";
import { invoiceNumberColumn, invoiceVendorColumn, invoiceViewBase } from "./shared/invoice_views.js";

/**
 * Pay bills (spec 2.10): the payable invoices — APPROVED or OPEN with a pending balance to pay — and
 * the review of a payment run built from them, under their own guard (spec 2.15). Both routes are
 * hand-written screens (src/client/pages/custom/payments): the editable pay-bills grid and the review.
 */
export default defineResource({
  ...invoiceViewBase,
  name: "invoices_pay_bills",
  // an invoice held by an open matching exception is not payable (domain/purchasing/invoice-matching.ts)
  baseFilter: { status: ["APPROVED", "OPEN"], outstanding_balance_pending_gte: "0.01", has_open_exceptions: "false" },
  menu: { group: "payments", order: 1 },
  routes: {
    list: "/invoices_pay_bills",
    views: [
      { path: "/invoices_pay_bills", component: "PayBills" },
      { path: "/review_payment_run", title: "invoices_pay_bills.views.review", component: "ReviewPaymentRun" },
    ],
  },
  permissions: {
    list: ["payInvoices", "invoicePayBills"],
    show: ["payInvoices", "invoicePayBills"],
  },
  columns: [
    invoiceNumberColumn,
    invoiceVendorColumn,
    { field: "due_date", kind: "date", filterable: true },
    { field: "due_status", kind: "enum", sortable: false },
    { field: "amount", kind: "money", currency: "currency_code", filterable: true },
    { field: "outstanding_balance_pending", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "status", kind: "status", hidden: true, filterable: true },
    { field: "is_validate_pay_now", kind: "boolean", sortable: false },
  ],
  defaultSort: { field: "due_date", order: "asc" },
});
