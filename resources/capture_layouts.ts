import { defineResource } from "../src/framework/resource.js";
import { captureLayoutSchema } from "../schemas/capture_layout.js";

/** What corrections taught per vendor layout (docs/capture.md); written by the capture's review. */
export default defineResource({
  name: "capture_layouts",
  schema: captureLayoutSchema,
  title: "layout_key",
  module: "invoices_active",
  menu: false,
  routes: {},
  permissions: { list: ["listInvoiceInbox", "listDraftInbox"], show: ["listInvoiceInbox", "listDraftInbox"], delete: ["editInvoiceInbox", "addDraftInbox"] },
  serverFields: ["vendor_id", "layout_key", "rules", "corrections"],
  columns: [{ field: "vendor.name" }, { field: "layout_key" }, { field: "corrections" }, { field: "updated_at", kind: "datetime" }],
  defaultSort: { field: "id", order: "desc" },
  indexes: [["vendor_id", "layout_key"]],
  relations: { vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] } },
});
