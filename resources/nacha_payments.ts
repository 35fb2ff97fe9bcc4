import { defineResource } from "../src/framework/resource.js";
import { nachaPaymentSchema } from "../schemas/nacha_payment.js";

/** NACHA (ACH) files: NEW until downloaded (DOWNLOAD); only a NEW file may be deleted (is_allow_to_delete). */
export default defineResource({
  name: "nacha_payments",
  schema: nachaPaymentSchema,
  title: "number",
  module: "payments_active",
  menu: { group: "payments", order: 5 },
  routes: { list: "/nacha_payments", show: "/nacha_payments/:paymentID" },
  permissions: {
    list: ["listPayments", "listNachaPayments"],
    show: ["listPayments", "listNachaPayments"],
    delete: ["deleteInvoices"],
  },
  statuses: { field: "status", values: [{ code: "NEW", color: "blue" }, { code: "DOWNLOAD", color: "green" }] },
  recordActions: [
    // the stored file (a GET changes nothing: a read-only user may download it); who pays records that it went to the bank
    { name: "file", kind: "download", label: "nachaActions.file", permission: ["listPayments", "listNachaPayments"] },
    { name: "downloaded", kind: "post", label: "nachaActions.downloaded", permission: ["payInvoices", "invoicePayBills"] },
  ],
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "submitted_at", kind: "datetime", filterable: true },
    { field: "batch_number", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "entry_count", kind: "number", hidden: true },
    { field: "file_output_at", kind: "datetime", filterable: true },
    { field: "payment_run.number", link: "show", linkResource: "payment_runs", linkIdField: "payment_run_id", hidden: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "batch_number", "file_name"],
  indexes: ["number", "status", "submitted_at", "payment_run_id", "batch_number", "file_output_at", "amount"],
  computed: ["currency", "is_allow_to_delete"],
  relations: {
    payment_run: { kind: "belongsTo", resource: "payment_runs", foreignKey: "payment_run_id", fields: ["id", "number"] },
    payment_method_from: { kind: "belongsTo", resource: "payment_methods", foreignKey: "payment_method_from_id", fields: ["id", "name", "nacha_company_name"] },
  },
  rowActions: [
    { action: "delete", permission: ["deleteInvoices"], when: { is_allow_to_delete: true }, confirm: "confirm.deleteNachaPayment" },
  ],
});
