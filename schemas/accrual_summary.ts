/**
 * Accrual summary (data-spec "Accrual summary"): one row per month × account × vendor × accrual type
 * × currency, rebuilt by the server from the booked accruals (status APPROVED, OPEN, CLOSED) whenever
 * an accrual or an accrual-invoice link changes. For every key, the booked amount splits exactly into
 * matched + reversed + closed + open_amt_end.
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
    /** booked amount */
    accrued_amt_period: { type: "string", format: "money", default: "0" },
    /** matched by invoices */
    matched_amt_period: { type: "string", format: "money", default: "0" },
    /** unmatched remainder of closed auto-reversing accruals */
    reversed_amt_period: { type: "string", format: "money", default: "0" },
    /** unmatched remainder of other closed accruals */
    closed_amt_period: { type: "string", format: "money", default: "0" },
    /** balance still open (APPROVED or OPEN accruals) */
    open_amt_end: { type: "string", format: "money", default: "0" },
    accrual_count: { type: "integer", default: 0 },
  },
} as const;
