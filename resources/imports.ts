import { defineResource } from "../src/framework/resource.js";
import { importSchema } from "../schemas/import.js";

/**
 * Bulk operations from files (docs/imports.md): /imports lists every kind; /updates, /deletes and
 * /list-mgt are the update, delete and list-management imports; /imports/new is the upload, mapping,
 * preview and apply page. The server checks that the target resource exists and that the user may do
 * the operation there. Creating the import reads the file's header and previews its rows; `apply`
 * runs them as a background job that sets status NEW → PROCESSING → DONE | FAILED; those fields are
 * server fields.
 */
export default defineResource({
  name: "imports",
  schema: importSchema,
  title: "file_name",
  menu: { group: "admin", order: 10 },
  routes: {
    list: "/imports",
    show: "/imports/:importID",
    views: [
      { path: "/updates", preset: { kind: "update" }, title: "imports.views.updates" },
      { path: "/deletes", preset: { kind: "delete" }, title: "imports.views.deletes" },
      { path: "/list-mgt", preset: { kind: "list" }, title: "imports.views.list" },
    ],
  },
  permissions: {
    list: ["listAdministrations", "importBulkOperations"],
    show: ["listAdministrations", "importBulkOperations"],
    create: ["importBulkOperations"],
  },
  recordActions: [
    {
      name: "preview", kind: "post", label: "imports.actions.preview", permission: ["importBulkOperations"], when: { status: "NEW" },
      input: { type: "object", additionalProperties: false, required: ["mapping"], properties: { mapping: { type: "object", additionalProperties: { type: "string" } } } },
    },
    { name: "apply", kind: "post", label: "imports.actions.apply", permission: ["importBulkOperations"], when: { status: "NEW" }, confirm: "imports.confirm.apply" },
    { name: "error_file", kind: "download", label: "imports.actions.errorFile", permission: ["importBulkOperations"], when: { error_rows: { gt: 0 } } },
  ],
  statuses: {
    field: "status",
    values: [
      { code: "NEW", color: "blue" },
      { code: "PROCESSING", color: "gold" },
      { code: "DONE", color: "green" },
      { code: "FAILED", color: "red" },
    ],
  },
  columns: [
    { field: "file_name", link: "show", filterable: true },
    { field: "kind", kind: "enum", filterable: true },
    { field: "resource_name", filterable: true },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "created_by_email", sortable: false },
    { field: "total_rows", kind: "number", filterable: true },
    { field: "processed_rows", kind: "number" },
    { field: "error_rows", kind: "number", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["file_name", "resource_name"],
  indexes: ["kind", "status", "created_at"],
  serverFields: ["status", "total_rows", "processed_rows", "error_rows", "errors", "headers", "created_by_user_id"],
  computed: ["created_by_email", "progress"],
});
