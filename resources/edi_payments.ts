import { defineResource } from "../src/framework/resource.js";
import { ediPaymentSchema } from "../schemas/edi_payment.js";

/** EDI 820 remittance files sent to trading-partner vendors: NEW, SENT, then ACCEPTED or REJECTED by the partner's acknowledgement. */
export default defineResource({
  name: "edi_payments",
  schema: ediPaymentSchema,
  title: "number",
  module: "payments_active",
  menu: { group: "payments", order: 6 },
  routes: { list: "/edi_payments", show: "/edi_payments/:ediID" },
  permissions: {
    list: ["listPayments", "listEDIPayments"],
    show: ["listPayments", "listEDIPayments"],
  },
  statuses: {
    field: "status",
    values: [{ code: "NEW", color: "blue" }, { code: "SENT", color: "cyan" }, { code: "ACCEPTED", color: "green" }, { code: "REJECTED", color: "red" }],
  },
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "control_number", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "entry_count", kind: "number" },
    { field: "submitted_at", kind: "datetime", filterable: true },
    { field: "acknowledged_at", kind: "datetime", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "control_number", "file_name"],
  indexes: ["number", "status", "vendor_id", "submitted_at", "control_number", "amount"],
  computed: ["currency"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    payment_run: { kind: "belongsTo", resource: "payment_runs", foreignKey: "payment_run_id", fields: ["id", "number"] },
  },
});
