/**
 * The audit log: one row per create, update and destroy, written in the same transaction, and one
 * per view of what is shown nowhere else (a payment's instructions with the full account number).
 */
export const activitySchema = {
  type: "object",
  additionalProperties: false,
  required: ["event", "item_type", "item_id"],
  properties: {
    event: { type: "string", enum: ["create", "update", "destroy", "view"] },
    item_type: { type: "string" },
    item_id: { type: "integer" },
    user_id: { type: ["integer", "null"], "x-references": "users" },
    changes: { type: "object" },
  },
} as const;
