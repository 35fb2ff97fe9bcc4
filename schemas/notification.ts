/** An in-app notification for one user (the recipient login). */
export const notificationSchema = {
  type: "object",
  additionalProperties: false,
  required: ["user_id", "title"],
  properties: {
    user_id: { type: "integer", "x-references": "users" },
    title: { type: "string", minLength: 1, maxLength: 200 },
    body: { type: ["string", "null"], maxLength: 2000 },
    /** an app path to open, e.g. /invoices/12/approval */
    link: { type: ["string", "null"], maxLength: 500 },
    read_at: { type: ["string", "null"], format: "date-time" },
    kind: { type: "string", enum: ["approval", "approved", "rejected", "comment", "payment", "system"], default: "system" },
  },
} as const;
