/**
 * The last value issued of one per-company counter (src/server/domain/ledger/numbers.ts): kind names it,
 * e.g. payment_runs.number or a NACHA file id modifier's day. Unique per company and kind.
 */
export const numberCounterSchema = {
  type: "object",
  additionalProperties: false,
  required: ["kind", "last_value"],
  properties: {
    kind: { type: "string", maxLength: 200, "x-unique": true },
    last_value: { type: "integer" },
  },
} as const;
