export const poItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["purchase_order_id", "quantity"],
  properties: {
    purchase_order_id: { type: "integer", "x-references": "purchase_orders" },
    /** the catalogue item ordered, if any: its name and price fill the description and unit price left out (po-items.ts) */
    catalogue_item_id: { type: ["integer", "null"], "x-references": "catalogue_items" },
    line: { type: "integer", minimum: 1, default: 1 },
    /** required unless a catalogue item gives it: the line hook refuses a line without (po-items.ts) */
    description: { type: "string", minLength: 1, maxLength: 500 },
    quantity: { type: "string", format: "decimal", "x-sign": "nonNegative" },
    /** required unless a catalogue item gives it (po-items.ts) */
    unit_price: { type: "string", format: "money", "x-sign": "nonNegative" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    qty_received: { type: "string", format: "decimal", default: "0" },
    qty_billed: { type: "string", format: "decimal", default: "0" },
    account_number: { type: ["string", "null"], maxLength: 30 },
    department: { type: ["string", "null"], maxLength: 100 },
  },
} as const;
