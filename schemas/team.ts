/** A team of company contacts: a unit approval workflows can name as approver (approver_type TEAM). */
export const teamSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 100, "x-unique": true },
    description: { type: ["string", "null"], maxLength: 500 },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
  },
} as const;
