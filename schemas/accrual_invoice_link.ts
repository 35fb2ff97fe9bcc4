/** An invoice matching (part of) an accrual: the accrual's balance is its amount minus its links. */
export const accrualInvoiceLinkSchema = {
  type: "object",
  additionalProperties: false,
  required: ["accrual_id", "invoice_id", "amount"],
  properties: {
    accrual_id: { type: "integer", "x-references": "accruals" },
    invoice_id: { type: "integer", "x-references": "invoices" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
  },
} as const;
