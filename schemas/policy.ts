/** An expense policy: a spending limit per expense category, a per-diem rate and a receipt threshold. */
export const policyCategorySchema = {
  type: "object",
  additionalProperties: false,
  required: ["category", "limit"],
  properties: {
    /** matched (case-insensitively) against an expense item's category_name */
    category: { type: "string", minLength: 1, maxLength: 100 },
    limit: { type: "string", format: "money", "x-sign": "nonNegative" },
  },
} as const;

export const policySchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "currency_code"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200, "x-unique": true },
    departments: { type: "array", maxItems: 200, items: { type: "string", minLength: 1, maxLength: 100 }, default: [] },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    /** allowance per day for per-diem items */
    per_diems: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    categories: { type: "array", maxItems: 200, items: policyCategorySchema, default: [] },
    /** items above this amount need a receipt */
    receipt_required_over: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    /** what a violation does: warn (flagged on the item, the report may be submitted) or block (the item is refused) */
    violation_action: { type: "string", enum: ["warn", "block"], default: "warn" },
    description: { type: ["string", "null"], maxLength: 2000 },
  },
} as const;
