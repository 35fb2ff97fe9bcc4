/**
 * Money a vendor paid back for (part of) a vendor credit instead of it being applied to invoices:
 * it lowers the credit's balance and is posted debit the receiving bank, credit Accounts Payable
 * (docs/payables.md). Written only by POST /api/vendor_credits/{id}/refund.
 */
export const creditRefundSchema = {
  type: "object",
  additionalProperties: false,
  required: ["payment_id", "date", "amount", "payment_method_id"],
  properties: {
    /** the vendor credit (a payments row, record_type CREDIT) */
    payment_id: { type: "integer", "x-references": "payments" },
    date: { type: "string", format: "date" },
    amount: { type: "string", format: "money", "x-sign": "positive" },
    /** the company's originating account the refund was received into (its GL bank account is debited) */
    payment_method_id: { type: "integer", "x-references": "payment_methods" },
    reference_number: { type: ["string", "null"], maxLength: 100 },
    created_by_id: { type: ["integer", "null"], "x-references": "users" },
  },
} as const;
