/** A line of an advance shipping notice: how much of a purchase-order line the vendor announces. */
export const inboundReceiptItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["inbound_receipt_id", "po_item_id", "quantity"],
  properties: {
    inbound_receipt_id: { type: "integer", "x-references": "inbound_receipts" },
    po_item_id: { type: "integer", "x-references": "po_items" },
    quantity: { type: "string", format: "decimal" },
  },
} as const;
