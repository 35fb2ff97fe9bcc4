/**
 * Sign-in attempt counters shared by every API process: one row per throttled key — an account from
 * one address (`pair:`), an address (`address:`), an account from any address (`account:`).
 */
export const signInThrottleSchema = {
  type: "object",
  additionalProperties: false,
  required: ["key", "window_started_at"],
  properties: {
    key: { type: "string", "x-unique": true },
    /** the e-mail typed, on account and pair rows: an administrator's unlock clears them */
    account: { type: ["string", "null"] },
    /** attempts in the current window, counted before the password is checked */
    attempts: { type: "integer", default: 0 },
    window_started_at: { type: "string", format: "date-time" },
    /** no attempt is evaluated before this time (429 with Retry-After) */
    next_allowed_at: { type: ["string", "null"], format: "date-time" },
    /** pair rows: the account last signed in from this address (it is exempt from the account-wide limit) */
    succeeded_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;
