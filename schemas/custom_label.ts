/** A company's own word for a record kind: name (e.g. "vendor") → singular and plural label ("Supplier", "Suppliers"). */
export const customLabelSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "singular", "plural"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 100, pattern: "^[a-z][a-z0-9_]*$", "x-unique": true },
    singular: { type: "string", minLength: 1, maxLength: 100 },
    plural: { type: "string", minLength: 1, maxLength: 100 },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
  },
} as const;
