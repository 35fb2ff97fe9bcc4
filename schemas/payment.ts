import { debitEntrySchema } from "./invoice.js";

/**
 * A payment record: a payment to a vendor (record_type DEBIT), a vendor credit / credit memo (CREDIT)
 * or a prepaid discount (DISCOUNT). The invoices it settles are its invoice_payment_links.
 */
export const paymentTypes = ["ach", "check", "international", "sepa", "wire", "credit_card", "corpay_card"] as const;

/** Statuses of payments (data-spec "Payment", with the lookup's APPLIED) and of vendor credits (incl. NEW, DRAFT of the inbox). */
export const paymentStatusCodes = [
  "DRAFT", "NEW", "PENDING", "APPROVED", "REJECTED", "PROCESSING", "CLEARED", "FAILED", "VOID", "VOID (REFUNDED)",
  "PROCESSING (REISSUED)", "CLEARED (REISSUED)", "AVAILABLE", "APPLIED",
] as const;

export const paymentSchema = {
  type: "object",
  additionalProperties: false,
  required: ["payment_number", "payment_date", "amount", "currency_code"],
  properties: {
    payment_number: { type: "string", minLength: 1, maxLength: 60 },
    /** the payee: a vendor, or an employee reimbursed for expenses (employee_contact_id) */
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    employee_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    payment_date: { type: "string", format: "date" },
    submit_date: { type: ["string", "null"], format: "date" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    /** what is not linked to invoices yet: amount − Σ invoice_payment_links.amount (kept by the server) */
    balance: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    /** units of the company's functional currency per unit of currency_code at the document's date, fixed by the server (docs/currency.md) */
    exchange_rate: { type: "string", format: "decimal", default: "1" },
    /** amount × exchange_rate in the company's functional currency (a generated column) */
    amount_in_functional: { type: "string", format: "money", "x-sign": "nonNegative", readOnly: true },
    payment_type: { type: ["string", "null"], enum: [...paymentTypes, null] },
    record_type: { type: "string", enum: ["DEBIT", "CREDIT", "DISCOUNT"], default: "DEBIT" },
    status: { type: "string", enum: paymentStatusCodes, default: "PENDING" },
    payment_run_id: { type: ["integer", "null"], "x-references": "payment_runs" },
    payment_method_id: { type: ["integer", "null"], "x-references": "payment_methods" },
    payment_method_from_id: { type: ["integer", "null"], "x-references": "payment_methods" },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    submitter_id: { type: ["integer", "null"], "x-references": "contacts" },
    reference_number: { type: ["string", "null"], maxLength: 100 },
    description: { type: ["string", "null"], maxLength: 2000 },
    project_name: { type: ["string", "null"], maxLength: 100 },
    /** a vendor credit's GL coding: the accounts its approval credits (lines add up to the amount; none: 5000) */
    debit_entries: { type: "array", maxItems: 500, items: debitEntrySchema, default: [] },
    /** server-kept: the posting period of its first journal entry, and whether it was dated in a closed period (ledger/periods.ts) */
    posting_period_name: { type: ["string", "null"], maxLength: 30, readOnly: true },
    prior_period: { type: "boolean", default: false, readOnly: true },
    is_system_error: { type: "boolean", default: false },
    no_push: { type: "boolean", default: false },
    external_id: { type: ["string", "null"], maxLength: 100 },
    version_seq: { type: "integer", default: 0 },
    /** NACHA trace number of an ACH payment: the ODFI's 8-digit routing prefix + a 7-digit sequence */
    trace_number: { type: ["string", "null"], maxLength: 15 },
    /** taken out of its payment run by an approver (shown as VOID - EXCLUDED) */
    excluded: { type: "boolean", default: false },
    /** the NACHA return reason code (R01…R99) when the bank returned the payment (FAILED) */
    return_code: { type: ["string", "null"], pattern: "^R[0-9A-Z]{2}$" },
    return_reason: { type: ["string", "null"], maxLength: 500 },
    /** the VOID or FAILED payment this one reissues (status PROCESSING (REISSUED)) */
    reissue_of_id: { type: ["integer", "null"], "x-references": "payments" },
    /** the user who created it (server-filled; segregation of duties: a creator does not approve it) */
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
  },
} as const;
