/** An advance shipping notice: goods a vendor has announced against a purchase order. */
export const inboundReceiptSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "purchase_order_id", "expected_date"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    /** the purchase order's vendor, filled by the server */
    vendor_id: { type: "integer", "x-references": "vendors" },
    purchase_order_id: { type: "integer", "x-references": "purchase_orders" },
    expected_date: { type: "string", format: "date" },
    carrier: { type: ["string", "null"], maxLength: 100 },
    tracking_number: { type: ["string", "null"], maxLength: 100 },
    status: { type: "string", enum: ["EXPECTED", "SHIPPED", "RECEIVED", "CANCELLED"], default: "EXPECTED" },
    /** the DRAFT receipt its lines became (its receive action), filled by the server */
    receipt_id: { type: ["integer", "null"], "x-references": "receipts" },
  },
} as const;
