/** A line of an invoice: what was billed, and, for a line pulled from a purchase order, the PO line it bills (matching). */
export const invoiceItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["invoice_id", "description", "quantity", "unit_price"],
  properties: {
    invoice_id: { type: "integer", "x-references": "invoices" },
    line: { type: "integer", minimum: 1, default: 1 },
    po_item_id: { type: ["integer", "null"], "x-references": "po_items" },
    description: { type: "string", minLength: 1, maxLength: 500 },
    quantity: { type: "string", format: "decimal" },
    unit_price: { type: "string", format: "money", "x-sign": "nonNegative" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    account_number: { type: ["string", "null"], maxLength: 30 },
    department: { type: ["string", "null"], maxLength: 100 },
  },
} as const;
