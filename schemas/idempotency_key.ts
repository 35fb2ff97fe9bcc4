/**
 * Idempotency-Key of an exactly-once operation (processing a payment run): the key, what it acted on
 * and the answer given, so that a repeat of the request returns the same answer instead of acting again.
 */
export const idempotencyKeySchema = {
  type: "object",
  additionalProperties: false,
  required: ["key", "operation", "record_id", "status_code", "response"],
  properties: {
    key: { type: "string", minLength: 1, maxLength: 200 },
    operation: { type: "string", maxLength: 60 },
    record_id: { type: "integer" },
    status_code: { type: "integer" },
    response: { type: "object" },
  },
} as const;
