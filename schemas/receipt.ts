/** A goods receipt against a purchase order (optionally tied to the vendor's invoice). */
export const receiptSchema = {
  type: "object",
  additionalProperties: false,
  // purchase_order_id may be left out when invoice_id is given: the server takes the invoice's order
  required: ["received_date"],
  properties: {
    /** server-numbered (RCV-00001) */
    number: { type: "string", maxLength: 60 },
    purchase_order_id: { type: "integer", "x-references": "purchase_orders" },
    invoice_id: { type: ["integer", "null"], "x-references": "invoices" },
    /** the purchase order's vendor, filled by the server */
    vendor_id: { type: "integer", "x-references": "vendors" },
    received_date: { type: "string", format: "date" },
    status: { type: "string", enum: ["DRAFT", "SUBMITTED"], default: "DRAFT" },
    notes: { type: ["string", "null"], maxLength: 2000 },
    received_by_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    /** a return to the vendor (spec: "add receipts … and a return flag"): its items take received goods back off their lines; set at creation */
    is_return: { type: "boolean", default: false },
  },
} as const;
