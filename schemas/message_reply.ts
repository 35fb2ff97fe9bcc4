/** A vendor's answer to a message, written through the message's /private link (no account needed). */
export const messageReplySchema = {
  type: "object",
  additionalProperties: false,
  required: ["message_id", "body"],
  properties: {
    message_id: { type: "integer", "x-references": "messages" },
    body: { type: "string", minLength: 1, maxLength: 20000 },
    /** who answered: the address the message went to */
    from_email: { type: ["string", "null"], format: "email", maxLength: 254 },
  },
} as const;
