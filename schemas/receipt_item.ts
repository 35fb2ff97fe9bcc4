/** A quantity of one purchase-order line received on a receipt. */
export const receiptItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["receipt_id", "po_item_id", "quantity"],
  properties: {
    receipt_id: { type: "integer", "x-references": "receipts" },
    po_item_id: { type: "integer", "x-references": "po_items" },
    quantity: { type: "string", format: "decimal" },
  },
} as const;
