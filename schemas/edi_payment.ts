/** An EDI 820 (payment order / remittance advice) file sent to a trading-partner vendor for a payment run. */
export const ediPaymentSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "amount", "currency_code"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    control_number: { type: ["string", "null"], pattern: "^\\d{9}$" },
    transaction_set: { type: "string", enum: ["820"], default: "820" },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    payment_run_id: { type: ["integer", "null"], "x-references": "payment_runs" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    status: { type: "string", enum: ["NEW", "SENT", "ACCEPTED", "REJECTED"], default: "NEW" },
    entry_count: { type: "integer", default: 0 },
    file_name: { type: ["string", "null"], maxLength: 200 },
    submitted_at: { type: ["string", "null"], format: "date-time" },
    acknowledged_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;
