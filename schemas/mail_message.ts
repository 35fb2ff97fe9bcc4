/**
 * One e-mail of the durable outbox (src/server/mail/outbox.ts): written `pending` in the transaction
 * of the write that sends it, then delivered from this table after the commit, at server start and
 * periodically — so a message survives a crash between the commit and its delivery. related_type /
 * related_id name the record it is about.
 */
export const mailMessageSchema = {
  type: "object",
  additionalProperties: false,
  required: ["to", "subject", "status"],
  properties: {
    to: { type: "string", maxLength: 500 },
    subject: { type: "string", maxLength: 500 },
    text: { type: ["string", "null"] },
    /**
     * pending: waiting to be delivered (again, after a failed attempt: see error; its job retries it);
     * sending: claimed by a deliverer until next_attempt_at; sent: accepted by the SMTP server;
     * stored: kept here only (no SMTP_URL); failed: gave up after the last attempt (see error)
     */
    status: { type: "string", enum: ["pending", "sending", "stored", "sent", "failed"] },
    sent_at: { type: ["string", "null"], format: "date-time" },
    error: { type: ["string", "null"] },
    /** file name, content type and size of each attachment */
    attachments: { type: "array", maxItems: 50, items: { type: "object" }, default: [] },
    /** the attachments' content (base64) until the message is delivered, then cleared */
    attachment_content: { type: ["array", "null"], maxItems: 50, items: { type: "object" }, writeOnly: true },
    /** delivery attempts made so far */
    attempts: { type: "integer", default: 0 },
    /** sending: the claim lapses at this time (a deliverer that died); retries are timed by the delivery job */
    next_attempt_at: { type: ["string", "null"], format: "date-time" },
    related_type: { type: ["string", "null"], maxLength: 100 },
    related_id: { type: ["integer", "null"] },
  },
} as const;
