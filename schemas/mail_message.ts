/**
 * One e-mail the server sent (SMTP_URL set) or stored (the embedded default), written after the
 * transaction that asked for it committed. related_type / related_id name the record it is about.
 */
export const mailMessageSchema = {
  type: "object",
  additionalProperties: false,
  required: ["to", "subject", "status"],
  properties: {
    to: { type: "string", maxLength: 500 },
    subject: { type: "string", maxLength: 500 },
    text: { type: ["string", "null"] },
    /** stored: kept here only (no SMTP_URL); sent: accepted by the SMTP server; failed: see error */
    status: { type: "string", enum: ["stored", "sent", "failed"] },
    sent_at: { type: ["string", "null"], format: "date-time" },
    error: { type: ["string", "null"] },
    /** file name, content type and size of each attachment (the content is not kept) */
    attachments: { type: "array", items: { type: "object" }, default: [] },
    related_type: { type: ["string", "null"], maxLength: 100 },
    related_id: { type: ["integer", "null"] },
  },
} as const;
