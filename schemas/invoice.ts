/** GL coding: one debit line per expense account; the lines must add up to the invoice amount. */
export const debitEntrySchema = {
  type: "object",
  additionalProperties: false,
  required: ["account_number", "amount"],
  properties: {
    account_number: { type: "string", minLength: 1, maxLength: 30 },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    department: { type: ["string", "null"] },
  },
} as const;

export const invoiceSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "vendor_id", "date", "due_date", "amount", "currency_code"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    vendor_id: { type: "integer", "x-references": "vendors" },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    purchase_order_ids: { type: "array", maxItems: 100, items: { type: "integer" }, "x-references": "purchase_orders", default: [] },
    date: { type: "string", format: "date" },
    due_date: { type: "string", format: "date" },
    submit_date: { type: ["string", "null"], format: "date" },
    service_start_date: { type: ["string", "null"], format: "date" },
    service_end_date: { type: ["string", "null"], format: "date" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    /** units of the company's functional currency per unit of currency_code at the document's date, fixed by the server (docs/currency.md) */
    exchange_rate: { type: "string", format: "decimal", default: "1" },
    /** amount × exchange_rate in the company's functional currency (a generated column) */
    amount_in_functional: { type: "string", format: "money", "x-sign": "nonNegative", readOnly: true },
    /** the posting period of its first journal entry (ledger/periods.ts), and whether it was dated in a closed period and moved on */
    posting_period_name: { type: ["string", "null"], maxLength: 30, readOnly: true },
    prior_period: { type: "boolean", default: false, readOnly: true },
    status: { type: "string", enum: ["DRAFT", "NEW", "PENDING", "APPROVED", "OPEN", "PAID", "CLOSED", "REJECTED"], default: "NEW" },
    term_code: { type: ["string", "null"] },
    description: { type: ["string", "null"], maxLength: 2000 },
    notes: { type: ["string", "null"], maxLength: 2000 },
    department: { type: ["string", "null"], maxLength: 100 },
    location_name: { type: ["string", "null"], maxLength: 100 },
    reference_number: { type: ["string", "null"], maxLength: 100 },
    debit_entries: { type: "array", maxItems: 500, items: debitEntrySchema, default: [] },
    is_on_hold: { type: "boolean", default: false },
    /** invoice capture has read its document (src/server/domain/capture/) */
    is_ocr_process_completed: { type: "boolean", default: false },
    payments_sum: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    balance_outstanding: { type: "string", format: "money", "x-sign": "nonNegative" },
    outstanding_balance_pending: { type: "string", format: "money", "x-sign": "nonNegative" },
    submitter_type: { type: "string", enum: ["VENDOR", "COMPANY"], default: "COMPANY" },
    /** PO matching (data-spec filter Matched / Unmatched / No Linked), kept by the server */
    po_matching: { type: "string", enum: ["MATCHED", "UNMATCHED", "NO_LINKED"], default: "NO_LINKED" },
    /** an open matching exception holds the invoice from approval and payment (match_exceptions) */
    has_open_exceptions: { type: "boolean", default: false },
    created_by_id: { type: ["integer", "null"], "x-references": "users" },
    /**
     * the number as compared for duplicates (a generated column, payables/invoice-numbers.ts): lower case, no
     * spaces or punctuation, no INV/INVOICE prefix, no leading zeros; unique per vendor among non-rejected invoices
     */
    normalized_number: { type: ["string", "null"], readOnly: true },
    /** look-alikes exist (same vendor, amount within 1 %, date within 30 days; or the number at another vendor, same amount): holds approval and payment */
    suspected_duplicate: { type: "boolean", default: false },
    /** why a suspected duplicate was let through, by whom (not its creator) and when */
    duplicate_override_reason: { type: ["string", "null"], maxLength: 2000 },
    duplicate_overridden_by_id: { type: ["integer", "null"], "x-references": "users" },
    duplicate_overridden_at: { type: ["string", "null"], format: "date-time" },
    /** who submitted it for approval (segregation of duties), kept by the server */
    submitted_by_id: { type: ["integer", "null"], "x-references": "users" },
  },
} as const;
