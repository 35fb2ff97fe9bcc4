/**
 * A dated exchange rate of the company: `rate` units of its functional currency (companies.currency_code)
 * per unit of `currency_code`, from `rate_date` on (until a later rate). One per currency and date.
 */
export const exchangeRateSchema = {
  type: "object",
  additionalProperties: false,
  required: ["currency_code", "rate_date", "rate"],
  properties: {
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    rate_date: { type: "string", format: "date" },
    rate: { type: "string", format: "decimal" },
  },
} as const;
