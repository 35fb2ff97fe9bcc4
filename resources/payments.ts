import { defineResource } from "../src/framework/resource.js";
import { paymentBase, paymentRelations } from "./shared/payment_views.js";

/**
 * Payments: the payment records with record_type DEBIT (payments to vendors) or DISCOUNT (prepaid
 * discounts). The table also holds CREDIT memos, which have their own screens and guard (vendor_credits).
 * Payments are made by pay-bills and payment runs, not typed in: the API reads them and deletes
 * one only while nothing links it to an invoice.
 * Composites: ACTIVE = the payments that stand (not void, failed or rejected); SCHEDULED = created
 * but not yet sent to the bank (PENDING approval or APPROVED).
 */
export const paymentStatuses = {
  field: "status",
  values: [
    { code: "PENDING", color: "gold" },
    { code: "APPROVED", color: "cyan" },
    { code: "REJECTED", color: "red" },
    { code: "PROCESSING", color: "geekblue" },
    { code: "CLEARED", color: "green" },
    { code: "FAILED", color: "red" },
    { code: "VOID", color: "default" },
    { code: "VOID (REFUNDED)", color: "default" },
    { code: "PROCESSING (REISSUED)", color: "geekblue" },
    { code: "CLEARED (REISSUED)", color: "green" },
    { code: "APPLIED", color: "green" },
  ],
  composites: {
    ACTIVE: ["PENDING", "APPROVED", "PROCESSING", "CLEARED", "PROCESSING (REISSUED)", "CLEARED (REISSUED)", "APPLIED"],
    SCHEDULED: ["PENDING", "APPROVED"],
  },
} as const;

/** Who may move a sent payment on (clear, fail, void, reissue, NACHA returns): who may pay (data-spec 5, pay action). */
export const paymentTransitionPermission = ["allowPayments", "payInvoices"] as const;
const inFlight = ["PROCESSING", "PROCESSING (REISSUED)"];

/** The input of /fail: the NACHA return reason code (R01 …) and an optional reason. */
const failInput = {
  type: "object",
  properties: { return_code: { type: "string", maxLength: 3 }, reason: { type: ["string", "null"], maxLength: 500 } },
} as const;

/** The input of /void (one endpoint, two buttons): a cleared payment is voided only as refunded. */
const voidInput = { type: "object", properties: { refunded: { type: "boolean" } } } as const;

export default defineResource({
  ...paymentBase,
  name: "payments",
  kind: "Payment",
  module: "payments_active",
  baseFilter: { record_type: ["DEBIT", "DISCOUNT"] },
  menu: { group: "payments", order: 1 },
  routes: {
    list: "/payments",
    show: "/payments/:paymentID",
    views: [
      { path: "/payments", params: { vendorName: "vendor.name_like", invoiceID: "invoices.id" } },
      { path: "/payments_approval/:paymentID", page: "approval" },
    ],
  },
  permissions: {
    list: ["listPayments"],
    show: ["readPayments"],
    delete: ["deletePayments"],
  },
  statuses: paymentStatuses,
  columns: [
    { field: "payment_number", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "payment_date", kind: "date", filterable: true },
    { field: "payment_type", kind: "enum", filterable: true },
    { field: "record_type", kind: "enum", hidden: true, filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "balance", kind: "money", currency: "currency_code", hidden: true, filterable: true },
    { field: "amount_in_functional", kind: "money", total: true, hidden: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "invoice_numbers", sortable: false },
    { field: "payment_run.number", link: "show", linkResource: "payment_runs", linkIdField: "payment_run_id", filterable: true },
    { field: "reference_number", hidden: true, filterable: true },
    { field: "submit_date", kind: "date", hidden: true, filterable: true },
    { field: "is_system_error", kind: "boolean", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "payment_date", order: "desc" },
  indexes: ["payment_number", "vendor_id", "payment_date", "status", ["record_type", "status"], "payment_run_id", "amount", "balance", "submit_date", "reference_number"],
  relations: paymentRelations,
  serverFields: ["exchange_rate"],
  functional: { rate: "exchange_rate", currency: "currency_code", date: "payment_date", amounts: { amount: "amount_in_functional" } },
  rowActions: [
    { action: "delete", permission: ["deletePayments"], when: { is_payment_allow_to_delete: true }, confirm: "confirm.deletePayment" },
  ],
  // a payment is created PENDING (pay bills, runs): submitting starts its chain; spec 2.15 "pay bills": payInvoices, invoicePayBills
  approvable: { type: "Payment", submittable: ["PENDING", "REJECTED"], permission: ["payInvoices", "invoicePayBills"] },
  approval: {
    type: "Payment",
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["APPROVED"] },
    restartOn: ["amount", "vendor_id", "subsidiary_id", "currency_code", "payment_method_id"],
  },
  recordActions: [
    // money moves: each honours an Idempotency-Key; the handlers are payments.server.ts (payment-transitions.ts)
    { name: "clear", kind: "post", label: "paymentActions.clear", permission: paymentTransitionPermission, when: { status: inFlight }, confirm: "confirm.clearPayment", idempotent: true },
    { name: "fail", kind: "post", label: "paymentActions.fail", permission: paymentTransitionPermission, when: { status: inFlight }, input: failInput, danger: true, idempotent: true },
    { name: "void", kind: "post", label: "paymentActions.void", permission: paymentTransitionPermission, when: { status: ["PENDING", "APPROVED", ...inFlight] }, confirm: "confirm.voidPayment", danger: true, idempotent: true },
    { name: "void", kind: "post", label: "paymentActions.voidRefunded", permission: paymentTransitionPermission, when: { status: ["CLEARED", "CLEARED (REISSUED)"] }, body: { refunded: true }, input: voidInput, confirm: "confirm.refundPayment", danger: true, idempotent: true },
    { name: "reissue", kind: "post", label: "paymentActions.reissue", permission: paymentTransitionPermission, when: { status: ["VOID", "FAILED"], record_type: "DEBIT" }, confirm: "confirm.reissuePayment", idempotent: true },
    { name: "check.pdf", kind: "download", label: "paymentActions.check", permission: ["readPayments"], when: { payment_type: "check", record_type: "DEBIT" } },
    // the instructions carry the beneficiary's full account number: only for who may pay
    { name: "instructions", kind: "view", label: "paymentActions.instructions", permission: paymentTransitionPermission, when: { payment_type: ["wire", "international", "sepa"], record_type: "DEBIT" } },
    { name: "remittance", kind: "view", label: "paymentActions.remittance", permission: ["readPayments"], when: { record_type: "DEBIT" } },
  ],
  // the vendor's view (docs/portal.md): what was paid, when and how, for which invoices; never the bank accounts, runs or approvals
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: [
      "payment_number", "payment_date", "amount", "currency_code", "currency", "payment_type", "status", "reference_number", "invoice_numbers",
      "invoices.number", "invoices.date", "invoices.amount", "invoices.status",
    ],
  },
});
