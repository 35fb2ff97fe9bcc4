export const paymentRunStatusCodes = ["NEW", "SUBMITTED", "PENDING", "APPROVED", "OPEN", "CLOSED", "REJECTED", "VOID", "FAILED"] as const;

/** A batch of invoices paid together; its payments carry payment_run_id, its proposed rows are payment_run_items. */
export const paymentRunSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "payment_date", "currency_code"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    status: { type: "string", enum: paymentRunStatusCodes, default: "NEW" },
    payment_date: { type: "string", format: "date" },
    total_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    total_vendor_count: { type: "integer", default: 0 },
    /** when the run was sent to the bank (processed) */
    submitted_at: { type: ["string", "null"], format: "date-time" },
    /** set by the approval engine when the run is submitted for approval */
    submit_date: { type: ["string", "null"], format: "date" },
    submitted_by_id: { type: ["integer", "null"], "x-references": "users" },
    created_by_id: { type: ["integer", "null"], "x-references": "users" },
    description: { type: ["string", "null"], maxLength: 2000 },
  },
} as const;
