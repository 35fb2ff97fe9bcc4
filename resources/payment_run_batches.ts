import { defineResource } from "../src/framework/resource.js";
import { paymentRunBatchSchema } from "../schemas/payment_run_batch.js";
import { paymentRunStatuses } from "./payment_runs.js";

/** The batches of a payment run (shown on the run's page). */
export default defineResource({
  name: "payment_run_batches",
  schema: paymentRunBatchSchema,
  title: "batch_number",
  module: "payments_active",
  menu: false,
  routes: {},
  permissions: { list: ["readPayments", "readPaymentRun"], show: ["readPayments", "readPaymentRun"] },
  statuses: paymentRunStatuses,
  columns: [
    { field: "batch_number" },
    { field: "total_vendor_count", kind: "number" },
    { field: "submitted_at", kind: "datetime" },
    { field: "total_amount_in_functional", kind: "money", currency: "functional_currency", total: true },
    { field: "matching_vendor", kind: "boolean" },
    { field: "status", kind: "status" },
  ],
  defaultSort: { field: "id", order: "desc" },
  indexes: ["payment_run_id"],
  relations: {
    payment_run: { kind: "belongsTo", resource: "payment_runs", foreignKey: "payment_run_id", fields: ["id", "number"] },
  },
});
