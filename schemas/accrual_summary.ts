/**
 * Accrual summary (data-spec "Accrual summary"): one row per month × account × vendor × accrual type
 * × currency, rebuilt by the server from the posted accruals whenever an accrual, its journal or an
 * accrual-invoice link changes (accrual-summary.ts). It rolls the accrued liability forward exactly:
 * open_amt_start + accrued − reversed − closed = open_amt_end, and open_amt_end is what the journal holds
 * on Accrued Liabilities for those accruals. Matched is what invoices realised in the month (docs/accruals.md).
 */
import { accrualTypes } from "./accrual.js";

export const accrualSummarySchema = {
  type: "object",
  additionalProperties: false,
  required: ["period", "vendor_id", "accrual_type", "currency_code"],
  properties: {
    /** the month of the accruals' date, YYYY-MM */
    period: { type: "string", pattern: "^\\d{4}-\\d{2}$" },
    account_number: { type: ["string", "null"] },
    account_name: { type: ["string", "null"] },
    vendor_id: { type: "integer", "x-references": "vendors" },
    accrual_type: { type: "string", enum: accrualTypes },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    /** liability open at the start of the month */
    open_amt_start: { type: "string", format: "money", "x-sign": "signed", default: "0" },
    /** posted in the month */
    accrued_amt_period: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    /** matched by invoices dated in the month */
    matched_amt_period: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    /** reversed in the month (the reversal job on day 1, or the reverse action) */
    reversed_amt_period: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    /** released in the month by closing an accrual not reversed before */
    closed_amt_period: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    /** liability open at the end of the month */
    open_amt_end: { type: "string", format: "money", "x-sign": "signed", default: "0" },
    accrual_count: { type: "integer", default: 0 },
  },
} as const;
