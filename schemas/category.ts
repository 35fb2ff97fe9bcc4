/** Expense categories: a tree, each with an icon and the GL account it books to. */
export const categoryIcons = [
  "airplane", "car", "hotel", "meal", "coffee", "fuel", "parking", "taxi",
  "train", "phone", "laptop", "office", "gift", "medical", "education", "other",
] as const;

export const categorySchema = {
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 100 },
    icon: { type: "string", enum: categoryIcons, default: "other" },
    parent_id: { type: ["integer", "null"], "x-references": "categories" },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
    gl_account_number: { type: ["string", "null"], maxLength: 30 },
  },
} as const;
