/**
 * An e-mail received for invoice capture (SMTP receiver or IMAP polling): taken once per company
 * and Message-ID (a unique index), with what came of it.
 */
export const captureMessageSchema = {
  type: "object",
  additionalProperties: false,
  required: ["message_id", "source", "outcome"],
  properties: {
    message_id: { type: "string", maxLength: 1000 },
    source: { type: "string", enum: ["EMAIL", "IMAP"] },
    mail_from: { type: ["string", "null"], maxLength: 500 },
    mail_subject: { type: ["string", "null"], maxLength: 1000 },
    received_at: { type: ["string", "null"], format: "date-time" },
    /** ACCEPTED: at least one attachment became a capture; REJECTED: none, see `reason` */
    outcome: { type: "string", enum: ["ACCEPTED", "REJECTED"] },
    reason: { type: ["string", "null"], maxLength: 2000 },
    attachments: { type: "integer", default: 0 },
  },
} as const;
