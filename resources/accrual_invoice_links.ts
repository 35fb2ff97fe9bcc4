import { defineResource } from "../src/framework/resource.js";
import { accrualInvoiceLinkSchema } from "../schemas/accrual_invoice_link.js";

/**
 * Invoices matched against accruals. The spec shows no guard for the list (any staff user);
 * matching (POST, PATCH of the amount) and unmatching change an accrual's balance, so they need editAccruals.
 */
export default defineResource({
  name: "accrual_invoice_links",
  schema: accrualInvoiceLinkSchema,
  title: "id",
  module: "accruals_active",
  menu: { group: "accruals", order: 6 },
  routes: { list: "/accrual_invoice_links" },
  permissions: { list: [], show: [], create: ["editAccruals"], edit: ["editAccruals"], delete: ["editAccruals"] },
  columns: [
    { field: "accrual.number", link: "show", linkResource: "accruals", linkIdField: "accrual_id", filterable: true },
    { field: "invoice.number", link: "show", linkResource: "invoices", linkIdField: "invoice_id", filterable: true },
    { field: "invoice.date", kind: "date", filterable: true },
    { field: "amount", kind: "money", currency: "accrual.currency_code", total: true, filterable: true },
    { field: "created_at", kind: "datetime", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  indexes: ["accrual_id", "invoice_id", "amount", "created_at"],
  relations: {
    accrual: { kind: "belongsTo", resource: "accruals", foreignKey: "accrual_id", fields: ["id", "number", "vendor_id", "currency_code", "balance"] },
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number", "date", "vendor_id"] },
  },
  rowActions: [{ action: "delete", permission: ["editAccruals"] }],
});
