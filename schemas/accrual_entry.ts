/** One vendor of an accrual blast and that vendor's response. */
export const accrualEntrySchema = {
  type: "object",
  additionalProperties: false,
  required: ["accrual_blast_id", "vendor_id"],
  properties: {
    accrual_blast_id: { type: "integer", "x-references": "accrual_blasts" },
    vendor_id: { type: "integer", "x-references": "vendors" },
    status: { type: "string", enum: ["NEW", "SENT", "RESPONDED", "NO ACCRUAL"], default: "NEW" },
    response_amount: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    accrual_id: { type: ["integer", "null"], "x-references": "accruals" },
  },
} as const;
