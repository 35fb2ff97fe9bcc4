/** A request to a vendor to submit an invoice through a tokenised portal link. */
export const invoiceRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["vendor_id"],
  properties: {
    vendor_id: { type: "integer", "x-references": "vendors" },
    contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    purchase_order_id: { type: ["integer", "null"], "x-references": "purchase_orders" },
    invoice_id: { type: ["integer", "null"], "x-references": "invoices" },
    message: { type: ["string", "null"], maxLength: 2000 },
    /** whether the link works: ACTIVE (token issued) or INACTIVE (revoked) */
    has_token: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
    token: { type: ["string", "null"] },
    status: { type: "string", enum: ["NEW", "SENT", "SUBMITTED"], default: "NEW" },
    sent_date: { type: ["string", "null"], format: "date-time" },
  },
} as const;

/** What a vendor enters to answer a request (portal action submit_invoice, with the PDF as its file). */
export const submitInvoiceInput = {
  type: "object",
  additionalProperties: false,
  required: ["number", "date", "amount"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    date: { type: "string", format: "date" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    purchase_order_id: { type: ["integer", "null"] },
    description: { type: ["string", "null"], maxLength: 2000 },
  },
} as const;
