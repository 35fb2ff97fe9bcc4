/**
 * What the payments table and its views (vendor credits, credit-memo inbox and drafts) share:
 * schema, server and computed fields, relations. Vendor credits are payment records with
 * record_type CREDIT; their approvals have the workflow type CreditMemo, a payment's Payment.
 */
import { paymentSchema } from "../../schemas/payment.js";
import type { ColumnDef } from "../../src/framework/resource.js";
import { documentsOf } from "./documents.js";

/** Filled by the payment engine and the server, never by a form. */
export const paymentServerFields = ["balance", "record_type", "payment_run_id", "version_seq", "is_system_error", "external_id", "submitter_id",
  "return_code", "return_reason", "reissue_of_id", "trace_number", "submit_date",
  // set when an approver takes a payment out of its run (runs/exclude.ts), never by a form
  "excluded"] as const;

/** Computed by the payments hook (src/server/domain/payments/payments.ts). */
export const paymentComputed = [
  "currency", "invoice_numbers", "has_linked_invoices_disp", "is_payment_allow_to_delete", "approval_status", "next_actionable_approver",
] as const;

function relationsFor(workflowType: "Payment" | "CreditMemo") {
  return {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    // the payee of an expense reimbursement (no vendor)
    employee: { kind: "belongsTo", resource: "contacts", foreignKey: "employee_contact_id", fields: ["id", "first_name", "last_name"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    submitter: { kind: "belongsTo", resource: "contacts", foreignKey: "submitter_id", fields: ["id", "first_name", "last_name"] },
    payment_run: { kind: "belongsTo", resource: "payment_runs", foreignKey: "payment_run_id", fields: ["id", "number", "status"] },
    payment_method: { kind: "belongsTo", resource: "payment_methods", foreignKey: "payment_method_id", fields: ["id", "name", "payment_type", "bank_name"] },
    payment_method_from: { kind: "belongsTo", resource: "payment_methods", foreignKey: "payment_method_from_id", fields: ["id", "name", "payment_type"] },
    reissue_of: { kind: "belongsTo", resource: "payments", foreignKey: "reissue_of_id", fields: ["id", "payment_number"] },
    invoices: {
      kind: "hasMany", resource: "invoices", foreignKey: "payment_id", through: { resource: "invoice_payment_links", key: "invoice_id" },
      fields: ["id", "number", "date", "amount", "balance_outstanding", "currency_code", "status"],
    },
    invoice_payment_links: { kind: "hasMany", resource: "invoice_payment_links", foreignKey: "payment_id", fields: ["id", "invoice_id", "amount"] },
    approvals: {
      kind: "hasMany", resource: "approvals", foreignKey: "approvable_id", where: { approvable_type: workflowType },
      fields: ["id", "step", "contact_id", "aasm_state", "is_claimed", "acted_at", "comment"],
    },
  } as const;
}

export const paymentRelations = relationsFor("Payment");
// a credit memo's document (the vendor's PDF) is read with it and shown beside its inbox and draft forms
const { vendor, subsidiary, submitter, invoices, invoice_payment_links, approvals } = relationsFor("CreditMemo");
export const creditRelations = { vendor, subsidiary, submitter, invoices, invoice_payment_links, approvals, documents: documentsOf("Payment") } as const;

const p = paymentSchema.properties;
/**
 * What a vendor credit is made of: the payments table's fields a credit memo uses (a view of the table
 * with its own shape, so its forms offer no bank or run fields). Written with record_type CREDIT by
 * the server (payments/credit-memos.ts).
 */
export const creditSchema = {
  type: "object",
  additionalProperties: false,
  required: ["payment_number", "vendor_id", "payment_date", "amount", "currency_code"],
  properties: {
    payment_number: p.payment_number, vendor_id: { type: "integer", "x-references": "vendors" }, payment_date: p.payment_date,
    amount: p.amount, currency_code: p.currency_code, subsidiary_id: p.subsidiary_id, reference_number: p.reference_number,
    description: p.description, project_name: p.project_name, debit_entries: p.debit_entries,
    balance: p.balance, exchange_rate: p.exchange_rate, amount_in_functional: p.amount_in_functional, record_type: p.record_type, status: p.status,
    submit_date: p.submit_date, submitter_id: p.submitter_id, posting_period_name: p.posting_period_name, prior_period: p.prior_period,
    is_system_error: p.is_system_error, no_push: p.no_push, external_id: p.external_id, version_seq: p.version_seq, created_by_id: p.created_by_id,
  },
} as const;

/** A credit's fields the server fills (status: its hook and its actions). */
export const creditServerFields = ["balance", "record_type", "status", "version_seq", "is_system_error", "external_id", "submitter_id", "submit_date", "exchange_rate"] as const;

/** What the credit views share (vendor_credits, the inbox, the drafts). */
export const creditBase = {
  schema: creditSchema,
  title: "payment_number",
  search: ["payment_number", "reference_number", "description"],
  serverFields: creditServerFields,
  computed: [...paymentComputed, "refunds", "refunded_amount"],
  functional: { rate: "exchange_rate", currency: "currency_code", date: "payment_date", amounts: { amount: "amount_in_functional" } },
} as const;

/** The common part of every payment-record resource. */
export const paymentBase = {
  schema: paymentSchema,
  title: "payment_number",
  search: ["payment_number", "reference_number", "description"],
  serverFields: paymentServerFields,
  computed: paymentComputed,
} as const;

const creditStatusValues = {
  NEW: { code: "NEW", color: "blue" },
  DRAFT: { code: "DRAFT", color: "default" },
  PENDING: { code: "PENDING", color: "gold" },
  AVAILABLE: { code: "AVAILABLE", color: "cyan" },
  APPLIED: { code: "APPLIED", color: "green" },
  PROCESSING: { code: "PROCESSING", color: "geekblue" },
  FAILED: { code: "FAILED", color: "red" },
  VOID: { code: "VOID", color: "default" },
  REJECTED: { code: "REJECTED", color: "red" },
} as const;

/** Vendor credit statuses (data-spec 4). ACTIVE = the credits that stand: PENDING, AVAILABLE, APPLIED, PROCESSING. */
export const vendorCreditStatuses = {
  field: "status",
  values: [
    creditStatusValues.PENDING, creditStatusValues.AVAILABLE, creditStatusValues.APPLIED, creditStatusValues.PROCESSING,
    creditStatusValues.FAILED, creditStatusValues.VOID, creditStatusValues.REJECTED,
  ],
  composites: { ACTIVE: ["PENDING", "AVAILABLE", "APPLIED", "PROCESSING"] },
} as const;

/** The inbox (NEW) and the drafts (DRAFT) before a credit enters the vendor-credit list. */
export const creditInboxStatuses = {
  field: "status",
  values: [creditStatusValues.NEW, creditStatusValues.DRAFT, creditStatusValues.PENDING],
} as const;

export const creditColumns: readonly ColumnDef[] = [
  { field: "payment_number", link: "show", filterable: true },
  { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
  { field: "payment_date", kind: "date", filterable: true },
  { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
  { field: "balance", kind: "money", currency: "currency_code", total: true, filterable: true },
  { field: "currency_code", hidden: true, filterable: true },
  { field: "has_linked_invoices_disp", sortable: false },
  { field: "reference_number", hidden: true, filterable: true },
  { field: "subsidiary.name", hidden: true, filterable: true },
  { field: "approval_status", kind: "enum", sortable: false },
  { field: "is_system_error", kind: "boolean", hidden: true, filterable: true },
  { field: "status", kind: "status", filterable: true },
];
