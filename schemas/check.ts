/**
 * A check printed on check stock for a check payment (issue 31): its number from the originating
 * account's sequence, ISSUED until voided (spoiled, reprinted under a new number, or its payment
 * voided). The check register and positive pay read these rows.
 */
export const checkSchema = {
  type: "object",
  additionalProperties: false,
  required: ["check_number", "payment_id", "amount", "currency_code", "issue_date", "payee_name"],
  properties: {
    check_number: { type: "integer", minimum: 1 },
    payment_id: { type: "integer", "x-references": "payments" },
    payment_method_from_id: { type: ["integer", "null"], "x-references": "payment_methods" },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    payee_name: { type: "string", maxLength: 200 },
    amount: { type: "string", format: "money", "x-sign": "positive" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    issue_date: { type: "string", format: "date" },
    status: { type: "string", enum: ["ISSUED", "VOID"], default: "ISSUED" },
    printed_at: { type: ["string", "null"], format: "date-time" },
    void_date: { type: ["string", "null"], format: "date" },
    void_reason: { type: ["string", "null"], maxLength: 300 },
    /** the check that replaced this one (a reprint) */
    replaced_by_id: { type: ["integer", "null"] },
  },
} as const;
