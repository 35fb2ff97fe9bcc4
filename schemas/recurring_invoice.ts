import { debitEntrySchema } from "./invoice.js";

/** A template from which an invoice is created every period, from start_date (next_date) until end_date. */
export const recurringInvoiceSchema = {
  type: "object",
  additionalProperties: false,
  required: ["vendor_id", "amount", "currency_code", "frequency", "start_date"],
  properties: {
    vendor_id: { type: "integer", "x-references": "vendors" },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    /** invoice numbers are this prefix and the invoice date, e.g. RENT-2026-05-01 */
    number_prefix: { type: ["string", "null"], maxLength: 40 },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    term_code: { type: ["string", "null"] },
    /** the due date is this many days after the invoice date */
    due_days: { type: "integer", minimum: 0, maximum: 365, default: 30 },
    description: { type: ["string", "null"], maxLength: 2000 },
    department: { type: ["string", "null"], maxLength: 100 },
    debit_entries: { type: "array", maxItems: 500, items: debitEntrySchema, default: [] },
    frequency: { type: "string", enum: ["monthly", "quarterly", "yearly"] },
    start_date: { type: "string", format: "date" },
    next_date: { type: ["string", "null"], format: "date" },
    end_date: { type: ["string", "null"], format: "date" },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
  },
} as const;
