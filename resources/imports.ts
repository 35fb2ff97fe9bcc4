import { defineResource } from "../src/framework/resource.js";
import { importSchema } from "../schemas/import.js";

/**
 * Bulk operations from files: /imports lists every kind; /updates, /deletes and /list-mgt are the
 * update, delete and list-management imports. The server checks that the target resource exists and
 * that the user may do the operation there. Processing the file (rows, counts, errors) is a
 * background job that sets status NEW → PROCESSING → DONE | FAILED; those fields are server fields.
 */
export default defineResource({
  name: "imports",
  schema: importSchema,
  title: "file_name",
  menu: { group: "admin", order: 10 },
  routes: {
    list: "/imports",
    show: "/imports/:importID",
    create: "/imports/new",
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
  serverFields: ["status", "total_rows", "processed_rows", "error_rows", "errors", "created_by_user_id"],
  computed: ["created_by_email", "progress"],
});
