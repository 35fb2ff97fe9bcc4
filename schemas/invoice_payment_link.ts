/** How much of a payment (or of a vendor credit) settles an invoice. */
export const invoicePaymentLinkSchema = {
  type: "object",
  additionalProperties: false,
  required: ["invoice_id", "payment_id", "amount"],
  properties: {
    invoice_id: { type: "integer", "x-references": "invoices" },
    payment_id: { type: "integer", "x-references": "payments" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
  },
} as const;
