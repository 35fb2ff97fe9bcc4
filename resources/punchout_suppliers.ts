import { defineResource } from "../src/framework/resource.js";
import { punchoutSupplierSchema } from "../schemas/punchout_supplier.js";

/**
 * The company's punchout suppliers (docs/punchout.md), set up by an administrator; the enabled ones
 * are offered on the punchout screen (/punchout) and flagged in the user's company.punchout_integrations.
 */
export default defineResource({
  name: "punchout_suppliers",
  schema: punchoutSupplierSchema,
  title: "name",
  module: "purchase_orders_active",
  menu: { group: "admin", order: 11 },
  routes: {
    list: "/settings/punchout_suppliers",
    show: "/settings/punchout_suppliers/:punchoutSupplierID",
    create: "/settings/punchout_suppliers/new",
    edit: "/settings/punchout_suppliers/:punchoutSupplierID/edit",
  },
  permissions: {
    list: ["allowCompanySettings"],
    show: ["allowCompanySettings"],
    create: ["allowCompanySettings"],
    edit: ["allowCompanySettings"],
    delete: ["allowCompanySettings"],
  },
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "provider", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id" },
    { field: "setup_url" },
    { field: "enabled", kind: "boolean", filterable: true },
  ],
  defaultSort: { field: "name", order: "asc" },
  search: ["name", "provider"],
  indexes: ["provider"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
  },
  rowActions: [
    { action: "edit", permission: ["allowCompanySettings"] },
    { action: "delete", permission: ["allowCompanySettings"], confirm: "confirm.deletePunchoutSupplier" },
  ],
});
