import { paymentRunStatusCodes } from "./payment_run.js";

/** One invoice (or expense report) proposed for payment in a run: the run's "invoice rows". */
export const paymentRunItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["payment_run_id", "amount", "currency_code"],
  properties: {
    payment_run_id: { type: "integer", "x-references": "payment_runs" },
    payment_run_batch_id: { type: ["integer", "null"], "x-references": "payment_run_batches" },
    /** the run's payment that pays this row */
    payment_id: { type: ["integer", "null"], "x-references": "payments" },
    /** INVOICE rows pay an invoice of a vendor; EXPENSE rows reimburse an expense report to its employee */
    invoice_id: { type: ["integer", "null"], "x-references": "invoices" },
    expense_report_id: { type: ["integer", "null"], "x-references": "expense_reports" },
    invoice_type: { type: "string", enum: ["INVOICE", "EXPENSE"], default: "INVOICE" },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    employee_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    /** vendor credits to apply to this invoice when the run is processed; reserved with the amount */
    credits: {
      type: "array", maxItems: 500, default: [],
      items: { type: "object", additionalProperties: false, required: ["credit_id", "amount"], properties: { credit_id: { type: "integer" }, amount: { type: "string", format: "money", "x-sign": "nonNegative" } } },
    },
    credit_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    payment_date: { type: ["string", "null"], format: "date" },
    payment_method_id: { type: ["integer", "null"], "x-references": "payment_methods" },
    payment_method_from_id: { type: ["integer", "null"], "x-references": "payment_methods" },
    status: { type: "string", enum: ["NEW", "APPROVED", "PROCESSING", "PAID", "FAILED", "VOID"], default: "NEW" },
    error_message: { type: ["string", "null"], maxLength: 500 },
    /** taken out of the run by an approver */
    excluded: { type: "boolean", default: false },
    /** the run's status when this row was last processed */
    payment_run_status: { type: "string", enum: paymentRunStatusCodes, default: "NEW" },
  },
} as const;
