/**
 * A link for a person outside the app (src/server/links/links.ts): the token travels in an e-mail,
 * only its SHA-256 hash is stored, so a database leak yields no usable link. A link is bound to one
 * purpose and one record (record_type + record_id), expires at expires_at, and is refused once revoked_at is set.
 */
/** What a link is for; a token of one purpose opens nothing of another. */
export const linkPurposes = ["invitation", "password_reset", "confirmation", "unlock", "invoice_request", "accrual_request", "message", "sso_state", "sso_grant", "punchout"] as const;

export const outboundLinkSchema = {
  type: "object",
  additionalProperties: false,
  required: ["token_hash", "purpose", "record_type", "record_id", "expires_at"],
  properties: {
    token_hash: { type: "string", "x-unique": true },
    purpose: { type: "string", enum: linkPurposes },
    record_type: { type: "string", maxLength: 100 },
    record_id: { type: "integer" },
    expires_at: { type: "string", format: "date-time" },
    revoked_at: { type: ["string", "null"], format: "date-time" },
    created_by_id: { type: ["integer", "null"], "x-references": "users" },
  },
} as const;
