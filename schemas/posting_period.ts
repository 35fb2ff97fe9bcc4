/**
 * A posting period of the company's ledger: a calendar month, created when the first entry dated in
 * it is posted (or when asked for). OPEN takes postings; CLOSED refuses them or sends them on to the
 * next open period, per the company's `closed_period_posting` (docs/ledger.md).
 */
export const postingPeriodStatuses = ["OPEN", "CLOSED"] as const;

export const postingPeriodSchema = {
  type: "object",
  additionalProperties: false,
  required: ["start_date"],
  properties: {
    /** "Nov 2026" (server-filled from start_date) */
    name: { type: ["string", "null"], maxLength: 30 },
    /** the month's day 1 (a create's date is moved to its month's day 1) */
    start_date: { type: "string", format: "date", "x-unique": true },
    end_date: { type: ["string", "null"], format: "date" },
    status: { type: "string", enum: postingPeriodStatuses, default: "OPEN" },
    closed_at: { type: ["string", "null"], format: "date-time", readOnly: true },
    closed_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
    /** the day the period-end revaluation of open foreign balances was posted (its reversal is dated the next period's day 1) */
    revalued_on: { type: ["string", "null"], format: "date", readOnly: true },
    revaluation_reversed_on: { type: ["string", "null"], format: "date", readOnly: true },
  },
} as const;
