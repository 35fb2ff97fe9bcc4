import { defineResource } from "../src/framework/resource.js";
import { vendorSchema } from "../schemas/vendor.js";
import vendors from "./vendors.js";

/**
 * Vendors awaiting approval (status NEW or PENDING = composite AWAITING), spec /vendor_approvals and
 * the approval screen /vendor_approvals/{vendorID}. Guard: the vendors module (vendors_active) with the
 * vendor-reading keys — the module alone would let any signed-in user (vendors too) in.
 * The approve/reject actions belong to the approval engine.
 */
export default defineResource({
  name: "vendor_approvals",
  table: "vendors",
  baseFilter: { status: "AWAITING" },
  schema: vendorSchema,
  title: "name",
  module: "vendors_active",
  menu: { group: "vendors", order: 4 },
  routes: {
    list: "/vendor_approvals",
    views: [{ path: "/vendor_approvals", approvalList: true }, { path: "/vendor_approvals/:vendorID", page: "approval" }],
  },
  permissions: { list: ["listVendors", "vendorsListView"], show: ["readVendors"] },
  statuses: {
    field: "status",
    values: vendors.statuses.values.filter((s) => s.code === "NEW" || s.code === "PENDING"),
    composites: { AWAITING: ["NEW", "PENDING"] },
  },
  columns: vendors.columns.filter((c) => c.field !== "open_po_balance"),
  defaultSort: { field: "name", order: "asc" },
  search: vendors.search,
  computed: vendors.computed,
  relations: { requestor: vendors.relations.requestor },
});
