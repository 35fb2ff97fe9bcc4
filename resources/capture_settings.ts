import { defineResource } from "../src/framework/resource.js";
import { captureSettingSchema } from "../schemas/capture_setting.js";

/** The company's invoice capture settings: inbound address, senders, IMAP mailbox (docs/capture.md). */
export default defineResource({
  name: "capture_settings",
  schema: captureSettingSchema,
  title: "address_code",
  menu: { group: "admin", order: 11 },
  routes: { list: "/settings/invoice_capture", show: "/settings/invoice_capture/:captureSettingID", create: "/settings/invoice_capture/new", edit: "/settings/invoice_capture/:captureSettingID/edit" },
  permissions: { list: ["allowCompanySettings"], show: ["allowCompanySettings"], create: ["allowCompanySettings"], edit: ["allowCompanySettings"], delete: ["allowCompanySettings"] },
  serverFields: ["imap_last_error", "imap_polled_at"],
  computed: ["inbound_address"],
  columns: [
    { field: "address_code", link: "show" },
    { field: "inbound_address", sortable: false },
    { field: "imap_enabled", kind: "boolean" },
    { field: "imap_host" },
    { field: "imap_polled_at", kind: "datetime" },
    { field: "imap_last_error" },
  ],
  defaultSort: { field: "id", order: "asc" },
  rowActions: [{ action: "edit", permission: ["allowCompanySettings"] }, { action: "delete", permission: ["allowCompanySettings"], confirm: "confirm.deleteCaptureSetting" }],
});
