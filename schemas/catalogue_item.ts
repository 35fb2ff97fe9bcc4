/** An item of the company's purchasing catalogue (data-spec "Catalogue item"). */
export const catalogueItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "display_name", "price", "currency_code"],
  properties: {
    external_id: { type: ["string", "null"], maxLength: 100 },
    name: { type: "string", minLength: 1, maxLength: 200 },
    display_name: { type: "string", minLength: 1, maxLength: 200 },
    price: { type: "string", format: "money", "x-sign": "nonNegative" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    item_type: { type: "string", enum: ["Inventory", "Non-Inventory", "Others", "Service"], default: "Non-Inventory" },
    subsidiary_ids: { type: "array", maxItems: 500, items: { type: "integer" }, "x-references": "subsidiaries", default: [] },
    /** cost of goods sold account, as its account number (no accounts entity yet) */
    cogs_account_number: { type: ["string", "null"], maxLength: 30 },
    invoice_debit_accounts: {
      type: "array", maxItems: 100,
      default: [],
      items: {
        type: "object",
        additionalProperties: false,
        required: ["account_name"],
        properties: {
          account_name: { type: "string", maxLength: 200 },
          department_name: { type: ["string", "null"], maxLength: 100 },
        },
      },
    },
    cost_category_name: { type: ["string", "null"], maxLength: 100 },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
    description: { type: ["string", "null"], maxLength: 2000 },
  },
} as const;
