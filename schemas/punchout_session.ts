/**
 * One visit of a person to a supplier's catalogue site (docs/punchout.md): opened by
 * GET /api/punchout/generate_url, its buyer cookie an outbound link (purpose `punchout`) whose hash
 * alone is stored; closed by the supplier's PunchOutOrderMessage, whose items it keeps until the
 * person's purchase-order request is made from them. Server-only table (no API resource).
 */
export const punchoutOperations = ["create", "inspect"] as const;

export const punchoutSessionSchema = {
  type: "object",
  additionalProperties: false,
  required: ["punchout_supplier_id", "contact_id", "operation"],
  properties: {
    punchout_supplier_id: { type: "integer", "x-references": "punchout_suppliers" },
    /** the person who punched out: the only one who may load the returned cart */
    contact_id: { type: "integer", "x-references": "contacts" },
    operation: { type: "string", enum: punchoutOperations },
    shipping_id: { type: ["integer", "null"], "x-references": "addresses" },
    status: { type: "string", enum: ["OPEN", "RETURNED"], default: "OPEN" },
    /** the cart of the PunchOutOrderMessage: [{ description, quantity, unit_price, supplier_part_id, unit_of_measure }] */
    items: { type: "array", maxItems: 1000, items: { type: "object" }, default: [] },
    currency_code: { type: ["string", "null"], pattern: "^[A-Z]{3}$" },
    returned_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;
