import { defineResource } from "../src/framework/resource.js";
import { paymentRunItemSchema } from "../schemas/payment_run_item.js";

/**
 * A payment run's invoice rows (shown on the run's page): INVOICE rows pay a vendor's invoice, EXPENSE
 * rows reimburse an employee's expense report. A row with an error_message shows as ERROR.
 */
export default defineResource({
  name: "payment_run_items",
  schema: paymentRunItemSchema,
  title: "id",
  module: "payments_active",
  menu: false,
  routes: {},
  permissions: { list: ["readPayments", "readPaymentRun"], show: ["readPayments", "readPaymentRun"] },
  statuses: {
    field: "status",
    values: [
      { code: "NEW", color: "blue" },
      { code: "APPROVED", color: "cyan" },
      { code: "PROCESSING", color: "geekblue" },
      { code: "PAID", color: "green" },
      { code: "FAILED", color: "red" },
      { code: "VOID", color: "default" },
    ],
  },
  columns: [
    { field: "invoice.number", link: "show", linkResource: "invoices", linkIdField: "invoice_id" },
    { field: "expense_report.number", link: "show", linkResource: "expense_reports", linkIdField: "expense_report_id" },
    { field: "invoice_type", kind: "enum", filterable: true },
    { field: "vendor.name", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true },
    { field: "payment_method.payment_type", sortable: false },
    { field: "payment_method_from.name", sortable: false },
    { field: "payment_date", kind: "date" },
    { field: "excluded", kind: "boolean", filterable: true },
    { field: "error_message", hidden: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  indexes: ["payment_run_id", "invoice_id", "expense_report_id"],
  relations: {
    payment_run: { kind: "belongsTo", resource: "payment_runs", foreignKey: "payment_run_id", fields: ["id", "number", "status"] },
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number", "date", "status"] },
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    expense_report: { kind: "belongsTo", resource: "expense_reports", foreignKey: "expense_report_id", fields: ["id", "number"] },
    employee: { kind: "belongsTo", resource: "contacts", foreignKey: "employee_contact_id", fields: ["id", "first_name", "last_name"] },
    payment_method: { kind: "belongsTo", resource: "payment_methods", foreignKey: "payment_method_id", fields: ["id", "name", "payment_type"] },
    payment_method_from: { kind: "belongsTo", resource: "payment_methods", foreignKey: "payment_method_from_id", fields: ["id", "name"] },
  },
});
