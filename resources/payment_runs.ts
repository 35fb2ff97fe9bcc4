import { defineResource } from "../src/framework/resource.js";
import { paymentRunSchema } from "../schemas/payment_run.js";
import { paymentTransitionPermission } from "./payments.js";

/**
 * Payment runs: invoices paid together on a date. Its show page carries the batches, the invoice
 * rows (payment_run_items), the payment rows (payments with this run) and the approvals.
 * Runs are created (and previewed) by the endpoints of src/server/http/payment-runs.ts; excluded from and
 * processed by declared actions, deleted by the generic delete (hooks: payment-runs.server.ts) (docs/api.md "Payment runs"). Composite UNPROCESSED = NEW or PENDING (not yet approved): only those may be deleted.
 * Its show route is the hand-written run page (src/client/pages/custom/payments/PaymentRun.tsx).
 */
export const paymentRunStatuses = {
  field: "status",
  values: [
    { code: "NEW", color: "blue" },
    { code: "SUBMITTED", color: "cyan" },
    { code: "PENDING", color: "gold" },
    { code: "APPROVED", color: "cyan" },
    { code: "OPEN", color: "geekblue" },
    { code: "CLOSED", color: "default" },
    { code: "REJECTED", color: "red" },
    { code: "VOID", color: "default" },
    { code: "FAILED", color: "red" },
  ],
  composites: { UNPROCESSED: ["NEW", "PENDING"] },
} as const;

const ids = { type: "array", maxItems: 10_000, items: { type: "integer", minimum: 1 } } as const;
/** The rows to take out of a run: its payments (payment_ids) or single rows (item_ids). */
const excludeInput = { type: "object", additionalProperties: false, properties: { payment_ids: ids, item_ids: ids } } as const;

export default defineResource({
  name: "payment_runs",
  schema: paymentRunSchema,
  title: "number",
  module: "payments_active",
  menu: { group: "payments", order: 3 },
  routes: {
    list: "/payment_runs",
    show: "/payment_runs/:paymentRunID",
    views: [
      { path: "/payment_runs/:paymentRunID", page: "show", component: "PaymentRun" },
      { path: "/payment_runs_approval/:paymentRunID", page: "approval" },
    ],
  },
  permissions: {
    list: ["listPayments", "listPaymentRun"],
    show: ["readPayments", "readPaymentRun"],
    // the delete releases the run's reservations (beforeDelete of payment-runs.server.ts); the pay-bills keys
    delete: ["payInvoices", "invoicePayBills"],
  },
  statuses: paymentRunStatuses,
  // who pays bills or expenses submits the runs they create
  approvable: { type: "PaymentRun", submittable: ["NEW"], permission: ["payInvoices", "invoicePayBills", "payExpenseReports"] },
  approval: { type: "PaymentRun", amountColumn: "total_amount", statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["APPROVED"] } },
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "payment_date", kind: "date", filterable: true },
    { field: "total_amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "total_vendor_count", kind: "number", filterable: true },
    { field: "submitted_at", kind: "datetime", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "payment_date", order: "desc" },
  search: ["number", "description"],
  indexes: ["number", "status", "payment_date", "submitted_at", "total_amount"],
  serverFields: ["total_amount", "total_vendor_count", "submitted_at", "submit_date", "submitted_by_id", "created_by_id"],
  computed: ["currency", "is_allow_to_delete"],
  recordActions: [
    { name: "check_register", kind: "download", label: "paymentActions.checkRegister", permission: ["readPayments", "readPaymentRun"], when: { status: ["OPEN", "CLOSED"] } },
    // ISO 20022 pain.001 credit transfer files (bank-files/pain001-run.ts): full account numbers, so for who may pay
    { name: "sepa.xml", kind: "download", label: "paymentActions.sepaFile", permission: paymentTransitionPermission, when: { status: ["OPEN", "CLOSED"] } },
    { name: "wire.xml", kind: "download", label: "paymentActions.wireFile", permission: paymentTransitionPermission, when: { status: ["OPEN", "CLOSED"] } },
    // offered on the hand-written run page: an approver of the current step excludes rows (no pay keys needed; the handler checks the step)
    { name: "exclude", kind: "post", label: "paymentRunActions.exclude", permission: [], input: excludeInput },
    // money moves, exactly once (docs/api.md "Payment runs"): the pay-bills keys
    { name: "process", kind: "post", label: "paymentRunActions.process", permission: ["payInvoices", "invoicePayBills"], when: { status: "APPROVED" }, idempotent: true },
  ],
  relations: {
    payment_run_batches: {
      kind: "hasMany", resource: "payment_run_batches", foreignKey: "payment_run_id",
      fields: ["id", "batch_number", "total_vendor_count", "submitted_at", "status", "total_amount_in_functional", "functional_currency", "matching_vendor"],
    },
    payment_run_items: {
      kind: "hasMany", resource: "payment_run_items", foreignKey: "payment_run_id",
      fields: ["id", "invoice_id", "invoice_type", "vendor_id", "amount", "currency_code", "payment_date", "status", "error_message", "excluded", "payment_run_status"],
    },
    payments: {
      kind: "hasMany", resource: "payments", foreignKey: "payment_run_id",
      fields: ["id", "payment_number", "vendor_id", "payment_date", "payment_type", "amount", "currency_code", "status"],
    },
    approvals: {
      kind: "hasMany", resource: "approvals", foreignKey: "approvable_id", where: { approvable_type: "PaymentRun" },
      fields: ["id", "step", "contact_id", "aasm_state", "is_claimed", "acted_at", "comment"],
    },
  },
  rowActions: [
    { action: "delete", permission: ["payInvoices", "invoicePayBills"], when: { is_allow_to_delete: true }, confirm: "confirm.deletePaymentRun" },
  ],
});
