/**
 * Opaque bearer tokens, stored as SHA-256 hashes so that a database leak reveals no usable token.
 * Every pair a refresh descends from one sign-in shares its `family`; a refresh token presented
 * again after its rotation (`rotated_at`) revokes the whole family.
 */
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
    /** pairs issued before families existed have none: a reuse of theirs revokes only their own pair */
    family: { type: ["string", "null"] },
    rotated_at: { type: ["string", "null"], format: "date-time" },
    /** a single sign-on session: the company's sign-on setting, and the provider's ID token for its logout */
    sso_setting_id: { type: ["integer", "null"] },
    id_token: { type: ["string", "null"] },
  },
} as const;
