import { defineResource } from "../src/framework/resource.js";
import { invoiceCaptureSchema } from "../schemas/invoice_capture.js";

const inboxKeys = ["listInvoiceInbox", "listDraftInbox"];
const draftKeys = ["editInvoiceInbox", "addDraftInbox", "roleService"];

/**
 * Captured documents (docs/capture.md): what arrived by e-mail or was dropped on the draft inbox,
 * and what reading it gave. Written only by the capture (src/server/domain/capture/).
 */
export default defineResource({
  name: "invoice_captures",
  schema: invoiceCaptureSchema,
  title: "file_name",
  module: "invoices_active",
  menu: { group: "payables", order: 4 },
  routes: { list: "/invoice_captures", show: "/invoice_captures/:captureID" },
  permissions: { list: inboxKeys, show: inboxKeys, delete: ["deleteDraftInbox", "roleService"] },
  statuses: {
    field: "status",
    values: [
      { code: "RECEIVED", color: "blue" }, { code: "READ", color: "green" }, { code: "NEEDS_VENDOR", color: "orange" },
      { code: "FAILED", color: "red" }, { code: "REJECTED", color: "default" },
    ],
  },
  serverFields: [
    "source", "capture_message_id", "mail_from", "mail_subject", "received_at", "file_name", "content_type", "file_size", "storage_key",
    "reason", "attempts", "fields", "read_kind", "pages", "layout_key", "vendor_id", "invoice_id",
  ],
  columns: [
    { field: "file_name", link: "show", filterable: true },
    { field: "status", kind: "status", filterable: true },
    { field: "source", kind: "enum", filterable: true },
    { field: "mail_from", filterable: true },
    { field: "mail_subject", hidden: true, filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "invoice.number", link: "show", linkResource: "invoices", linkIdField: "invoice_id" },
    { field: "reason" },
    { field: "created_at", kind: "datetime", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["file_name", "mail_from", "mail_subject"],
  indexes: ["status", "invoice_id", "capture_message_id"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number", "status"] },
  },
  recordActions: [
    // a capture whose vendor could not be told: the clerk names it, and the draft is made
    {
      name: "choose_vendor", kind: "post", label: "invoice_captures.actions.chooseVendor", permission: draftKeys, when: { status: "NEEDS_VENDOR" },
      input: { type: "object", additionalProperties: false, required: ["vendor_id"], properties: { vendor_id: { type: "integer", "x-references": "vendors" } } },
    },
    // what the clerk corrected on the draft, so that the vendor's next invoice of this layout is read right
    {
      name: "learn", kind: "post", label: "invoice_captures.actions.learn", permission: draftKeys, when: { status: "READ" },
      input: {
        type: "object", additionalProperties: false, required: ["corrections"],
        properties: {
          corrections: {
            type: "object", additionalProperties: false, minProperties: 1,
            properties: Object.fromEntries(["number", "date", "due_date", "terms", "currency", "total", "tax", "po_number"].map((f) => [f, { type: "string", minLength: 1, maxLength: 100 }])),
          },
        },
      },
    },
    { name: "read_again", kind: "post", label: "invoice_captures.actions.readAgain", permission: draftKeys, when: { status: ["FAILED", "NEEDS_VENDOR"] } },
  ],
  rowActions: [{ action: "delete", permission: ["deleteDraftInbox", "roleService"], when: { status: ["FAILED", "REJECTED", "NEEDS_VENDOR"] }, confirm: "confirm.deleteCapture" }],
});
