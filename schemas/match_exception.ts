/**
 * A matching exception of an invoice (domain/purchasing/invoice-matching.ts): what the invoice bills
 * beyond its purchase order (quantity, price, amount) or beyond what was received, past the tolerance.
 * OPEN holds the invoice from approval and payment until it is corrected or OVERRIDDEN with a comment.
 */
export const matchExceptionSchema = {
  type: "object",
  additionalProperties: false,
  required: ["invoice_id", "kind", "message", "expected", "actual"],
  properties: {
    invoice_id: { type: "integer", "x-references": "invoices" },
    /** the invoice line (its number), or none for an invoice matched on its amount */
    line: { type: ["integer", "null"] },
    purchase_order_id: { type: ["integer", "null"], "x-references": "purchase_orders" },
    po_item_id: { type: ["integer", "null"] },
    kind: { type: "string", enum: ["QUANTITY", "PRICE", "RECEIPT", "AMOUNT"] },
    message: { type: "string", maxLength: 500 },
    /** the most the purchase order (or the receipts) allow, tolerance included, and what the invoice bills */
    expected: { type: "string", format: "decimal" },
    actual: { type: "string", format: "decimal" },
    status: { type: "string", enum: ["OPEN", "OVERRIDDEN"], default: "OPEN" },
    override_comment: { type: ["string", "null"], maxLength: 2000 },
    overridden_by_id: { type: ["integer", "null"], "x-references": "users" },
    overridden_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;
