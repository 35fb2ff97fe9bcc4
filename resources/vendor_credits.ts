import { defineResource } from "../src/framework/resource.js";
import { creditColumns, creditRelations, creditBase, vendorCreditStatuses } from "./shared/payment_views.js";

/**
 * Vendor credits (credit memos): payment records with record_type CREDIT once past the inbox and
 * drafts. balance = amount not yet applied to invoices; AVAILABLE while some is left, APPLIED when none.
 */
export const applyCreditPermissions = ["payInvoices", "invoicePayBills"] as const;

const application = {
  type: "object",
  required: ["invoice_id", "amount"],
  properties: { invoice_id: { type: "integer", minimum: 1 }, amount: { type: ["string", "number"] } },
} as const;

/** POST /api/vendor_credits/{id}/apply: one invoice (`{ invoice_id, amount }`) or several (`{ applications: [...] }`), all in one transaction. */
const applyCreditInput = {
  type: "object",
  properties: { ...application.properties, applications: { type: "array", minItems: 1, maxItems: 200, items: application } },
} as const;

/** POST /api/vendor_credits/{id}/refund: money the vendor paid back for the credit, received into one of the company's accounts. */
const refundInput = {
  type: "object",
  additionalProperties: false,
  required: ["amount", "date", "payment_method_id"],
  properties: {
    amount: { type: ["string", "number"] },
    date: { type: "string", format: "date" },
    payment_method_id: { type: "integer", minimum: 1 },
    reference_number: { type: ["string", "null"], maxLength: 100 },
  },
} as const;

/** Who enters, voids and records refunds of credits: the credit-memo inbox's keys (the spec names no others). */
export const creditEntryPermissions = ["editCreditMemoInbox", "editInboxCreditMemos"] as const;

export default defineResource({
  ...creditBase,
  name: "vendor_credits",
  table: "payments",
  module: "credit_memos_active",
  baseFilter: { record_type: "CREDIT", status: vendorCreditStatuses.values.map((s) => s.code) },
  menu: { group: "payables", order: 10 },
  routes: {
    list: "/vendor_credits",
    show: "/vendor_credits/:paymentID",
    views: [
      { path: "/vendor_credits", params: { vendorName: "vendor.name_like" } },
      { path: "/credit_memos_approval/:paymentID", page: "approval" },
    ],
  },
  permissions: {
    list: ["listCreditMemos"],
    show: ["readCreditMemos"],
    // API only (no page): a credit entered complete is created PENDING and goes straight into its approval chain
    create: creditEntryPermissions,
    delete: ["deleteCreditMemos"],
  },
  statuses: vendorCreditStatuses,
  columns: creditColumns,
  defaultSort: { field: "payment_date", order: "desc" },
  relations: creditRelations,
  rowActions: [
    { action: "delete", permission: ["deleteCreditMemos"], when: { is_payment_allow_to_delete: true }, confirm: "confirm.deleteVendorCredit" },
  ],
  recordActions: [
    // applying a credit settles an invoice as a payment does: who may pay (payInvoices or invoicePayBills); money moves
    { name: "apply", kind: "post", label: "creditActions.apply", permission: applyCreditPermissions, when: { status: "AVAILABLE" }, input: applyCreditInput, idempotent: true },
    // a credit with nothing applied or refunded is voided whole: its posting is reversed (payments/credit-memos.ts)
    { name: "void", kind: "post", label: "creditActions.void", permission: creditEntryPermissions, when: { status: ["PENDING", "AVAILABLE"] }, confirm: "confirm.voidVendorCredit", danger: true, idempotent: true },
    { name: "refund", kind: "post", label: "creditActions.refund", permission: creditEntryPermissions, when: { status: "AVAILABLE" }, input: refundInput, idempotent: true },
  ],
  // in the portal only as the credit a remittance names (invoice_payment_links): no paths of its own
  portal: {
    scope: "vendor_id",
    actions: [],
    fields: ["payment_number", "payment_date", "amount", "currency_code", "status"],
  },
  // credit memos are submitted from the credit-memo inbox; this view sees them in every approval state
  approval: {
    type: "CreditMemo",
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["AVAILABLE"] },
    restartOn: ["amount", "debit_entries", "vendor_id", "subsidiary_id", "currency_code"],
  },
});
