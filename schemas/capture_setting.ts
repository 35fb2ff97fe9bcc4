/**
 * A company's invoice capture settings: its inbound address code (mail to
 * ap+<address_code>@MAIL_IN_DOMAIN becomes drafts), which senders are taken or refused, and an IMAP
 * mailbox to poll (the password encrypted at rest with CAPTURE_SECRET_KEY, never sent back).
 */
export const captureSettingSchema = {
  type: "object",
  additionalProperties: false,
  required: ["address_code"],
  properties: {
    address_code: { type: "string", minLength: 2, maxLength: 40, pattern: "^[a-z0-9][a-z0-9-]*[a-z0-9]$", "x-unique": true },
    /** senders (addresses or @domains) whose mail is taken; empty: every sender not denied */
    allow_senders: { type: "array", maxItems: 200, items: { type: "string", maxLength: 253 }, default: [] },
    /** senders (addresses or @domains) whose mail is refused */
    deny_senders: { type: "array", maxItems: 200, items: { type: "string", maxLength: 253 }, default: [] },
    imap_enabled: { type: "boolean", default: false },
    imap_host: { type: ["string", "null"], maxLength: 253 },
    imap_port: { type: ["integer", "null"], minimum: 1, maximum: 65535 },
    imap_secure: { type: "boolean", default: true },
    imap_user: { type: ["string", "null"], maxLength: 253 },
    imap_password: { type: ["string", "null"], maxLength: 1000, writeOnly: true },
    imap_mailbox: { type: "string", maxLength: 200, default: "INBOX" },
    imap_last_error: { type: ["string", "null"], maxLength: 2000 },
    imap_polled_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;
