export const poItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["purchase_order_id", "description", "quantity", "unit_price"],
  properties: {
    purchase_order_id: { type: "integer", "x-references": "purchase_orders" },
    line: { type: "integer", minimum: 1, default: 1 },
    description: { type: "string", minLength: 1, maxLength: 500 },
    quantity: { type: "string", format: "decimal" },
    unit_price: { type: "string", format: "money" },
    amount: { type: "string", format: "money" },
    qty_received: { type: "string", format: "decimal", default: "0" },
    qty_billed: { type: "string", format: "decimal", default: "0" },
    account_number: { type: ["string", "null"], maxLength: 30 },
  },
} as const;
