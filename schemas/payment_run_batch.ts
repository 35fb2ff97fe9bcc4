import { paymentRunStatusCodes } from "./payment_run.js";

/** A payment run is submitted to the bank in batches (e.g. one per originating account). */
export const paymentRunBatchSchema = {
  type: "object",
  additionalProperties: false,
  required: ["payment_run_id", "batch_number"],
  properties: {
    payment_run_id: { type: "integer", "x-references": "payment_runs" },
    batch_number: { type: "string", minLength: 1, maxLength: 60 },
    status: { type: "string", enum: paymentRunStatusCodes, default: "NEW" },
    total_vendor_count: { type: "integer", default: 0 },
    submitted_at: { type: ["string", "null"], format: "date-time" },
    total_amount_in_functional: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    functional_currency: { type: "string", pattern: "^[A-Z]{3}$" },
    /** a vendor of this batch also appears in another batch of the run */
    matching_vendor: { type: "boolean", default: false },
  },
} as const;
