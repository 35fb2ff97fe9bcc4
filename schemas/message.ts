/** A message to a vendor; its token opens it without a session at /private/{messageToken}. */
export const messageStatuses = ["sent", "not sent", "delivered", "opened", "withheld", "bounced"] as const;

export const messageSchema = {
  type: "object",
  additionalProperties: false,
  required: ["vendor_id", "subject", "body"],
  properties: {
    vendor_id: { type: "integer", "x-references": "vendors" },
    subject: { type: "string", minLength: 1, maxLength: 200 },
    body: { type: "string", minLength: 1, maxLength: 20000 },
    status: { type: "string", enum: messageStatuses, default: "not sent" },
    sent_at: { type: ["string", "null"], format: "date-time" },
    token: { type: "string", "x-unique": true },
    from_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    to_email: { type: ["string", "null"], format: "email", maxLength: 254 },
  },
} as const;
