/** A purchase made with a card, as reported by the card provider; staff code it to an account. */
export const purchaseSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "amount", "currency_code", "purchase_date"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60, "x-unique": true },
    virtual_card_id: { type: ["integer", "null"], "x-references": "virtual_cards" },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    status: { type: "string", enum: ["PENDING", "OPEN", "PAID", "REFUNDED", "REJECT", "POSTED", "DISPUTED"], default: "PENDING" },
    purchase_date: { type: "string", format: "date" },
    description: { type: ["string", "null"], maxLength: 2000 },
    external_id: { type: ["string", "null"], maxLength: 100 },
    purchase_order_id: { type: ["integer", "null"], "x-references": "purchase_orders" },
    account_code: { type: ["string", "null"], maxLength: 30 },
    department: { type: ["string", "null"], maxLength: 100 },
    /** the user who created it (server-filled; segregation of duties: a creator does not approve it) */
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
  },
} as const;
