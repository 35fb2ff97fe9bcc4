/** Opaque bearer tokens, stored as SHA-256 hashes so that a database leak reveals no usable token. */
export const oauthTokenSchema = {
  type: "object",
  additionalProperties: false,
  required: ["user_id", "access_hash", "refresh_hash", "access_expires_at", "refresh_expires_at"],
  properties: {
    user_id: { type: "integer", "x-references": "users" },
    access_hash: { type: "string", "x-unique": true },
    refresh_hash: { type: "string", "x-unique": true },
    access_expires_at: { type: "string", format: "date-time" },
    refresh_expires_at: { type: "string", format: "date-time" },
    revoked_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;
