/**
 * One Idempotency-Key of a money-moving POST (src/server/http/idempotency.ts): who sent it, to which
 * endpoint, a hash of what was asked (path parameters and body), and — once answered — the status
 * and body of the first answer, which every repeat of the request receives instead of acting again.
 * Unique per company, user and key (migration 0010).
 */
export const idempotencyKeySchema = {
  type: "object",
  additionalProperties: false,
  required: ["key", "user_id", "endpoint", "request_hash"],
  properties: {
    key: { type: "string", minLength: 1, maxLength: 200 },
    user_id: { type: "integer", "x-references": "users" },
    /** method and route pattern, e.g. POST /api/payment_runs/:id/process */
    endpoint: { type: "string", maxLength: 200 },
    /** sha256 of the path parameters and the body */
    request_hash: { type: "string", maxLength: 64 },
    /** null while the first request is being answered */
    status_code: { type: ["integer", "null"] },
    /** the first answer's body as it was sent (text, so that a replay is byte for byte the same) */
    response: { type: ["string", "null"] },
  },
} as const;
