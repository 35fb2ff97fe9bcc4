/** A NACHA (ACH) file generated from a payment run's ACH payments. */
export const nachaPaymentSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "amount", "currency_code"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    batch_number: { type: ["string", "null"], maxLength: 30 },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    status: { type: "string", enum: ["NEW", "DOWNLOAD"], default: "NEW" },
    submitted_at: { type: ["string", "null"], format: "date-time" },
    file_output_at: { type: ["string", "null"], format: "date-time" },
    payment_run_id: { type: ["integer", "null"], "x-references": "payment_runs" },
    payment_method_from_id: { type: ["integer", "null"], "x-references": "payment_methods" },
    entry_count: { type: "integer", default: 0 },
    file_name: { type: ["string", "null"], maxLength: 200 },
    payment_date: { type: ["string", "null"], format: "date" },
    /** the file itself (94-character records); downloaded at GET /api/nacha_payments/{id}/file, never listed */
    content: { type: ["string", "null"], writeOnly: true },
  },
} as const;
