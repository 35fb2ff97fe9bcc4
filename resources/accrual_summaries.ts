import { defineResource } from "../src/framework/resource.js";
import { accrualSummarySchema } from "../schemas/accrual_summary.js";

/**
 * The accrual summary (/accruals_summary): a read-only table the server rebuilds from the posted accruals
 * (src/server/domain/accruals/accrual-summary.ts): per month, open at start + accrued − reversed − closed = open at end. A table rather than a computed listing, so that the generic list
 * (paging, filters, sort, totals, export) works on it unchanged.
 */
export default defineResource({
  name: "accrual_summaries",
  schema: accrualSummarySchema,
  title: "period",
  module: "accruals_active",
  menu: { group: "accruals", order: 2 },
  routes: { list: "/accruals_summary" },
  permissions: { list: ["listAccruals"], show: ["listAccruals"] },
  columns: [
    { field: "period", filterable: true },
    { field: "account_number", filterable: true },
    { field: "account_name", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "accrual_type", kind: "enum", filterable: true },
    { field: "open_amt_start", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "accrued_amt_period", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "matched_amt_period", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "reversed_amt_period", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "closed_amt_period", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "open_amt_end", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
  ],
  defaultSort: { field: "period", order: "desc" },
  indexes: ["period", "account_number", "vendor_id", "accrual_type"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
  },
});
