import { defineResource } from "../src/framework/resource.js";
import { recurringInvoiceSchema } from "../schemas/recurring_invoice.js";
import { activation } from "./shared/status_actions.js";

/**
 * Recurring invoices: templates that create an invoice every month, quarter or year from next_date
 * until end_date. The spec routes are new and edit; the list route is ours, to reach the edit page.
 */
export default defineResource({
  name: "recurring_invoices",
  schema: recurringInvoiceSchema,
  title: "description",
  module: "invoices_active",
  menu: { group: "payables", order: 8 },
  routes: {
    list: "/recurring_invoices",
    create: "/recurring_invoices/new",
    edit: "/recurring_invoices/:invoiceID/edit",
  },
  permissions: {
    list: ["listInvoices"],
    show: ["readInvoices"],
    create: ["addInvoices"],
    edit: ["editInvoices"],
    delete: ["deleteInvoices"],
  },
  statuses: { field: "status", values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }] },
  columns: [
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "description", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "frequency", kind: "enum", filterable: true },
    { field: "next_date", kind: "date", filterable: true },
    { field: "end_date", kind: "date", filterable: true },
    { field: "upcoming_dates", sortable: false },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["description", "number_prefix"],
  indexes: ["vendor_id", "status", "next_date", "end_date", "amount"],
  computed: ["currency", "valid", "upcoming_dates"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
  },
  recordActions: activation(["editInvoices"]),
  rowActions: [
    { action: "edit", permission: ["editInvoices"] },
    { action: "delete", permission: ["deleteInvoices"], confirm: "confirm.deleteRecurringInvoice" },
  ],
});
