import { defineResource } from "../src/framework/resource.js";
import { reportSchema } from "../schemas/report.js";
import { documentsOf } from "./shared/documents.js";
import { activation } from "./shared/status_actions.js";

/**
 * Report definitions. /reports opens the list of definitions (the spec says it defaults to create and
 * schedules; the list is the page both start from); /reports/edit is its own view resource
 * (editable_reports) because its guard differs. The server sets the first status from the template:
 * the templates of data-spec "Report templates" start NEW (ready), all others PENDING (to be set up).
 * ACTIVE = runs; INACTIVE = switched off.
 */
export const reportStatuses = {
  field: "status",
  values: [
    { code: "NEW", color: "blue" },
    { code: "PENDING", color: "gold" },
    { code: "ACTIVE", color: "green" },
    { code: "INACTIVE", color: "default" },
  ],
} as const;

export const reportColumns = [
  { field: "name", link: "show", filterable: true },
  { field: "template", kind: "enum", filterable: true },
  { field: "export_format", kind: "enum", filterable: true },
  { field: "destination", kind: "enum", filterable: true },
  { field: "date_type", kind: "enum", hidden: true, filterable: true },
  { field: "date_range", kind: "enum", filterable: true },
  { field: "created_at", kind: "datetime", hidden: true },
  { field: "last_run_at", kind: "datetime", hidden: true, filterable: true },
  { field: "last_run_status", kind: "enum", hidden: true, filterable: true },
  { field: "status", kind: "status", filterable: true },
] as const;

export default defineResource({
  name: "reports",
  kind: "Report",
  schema: reportSchema,
  title: "name",
  menu: { group: "accounting", order: 5 },
  routes: {
    list: "/reports/list",
    show: "/reports/:reportID",
    create: "/reports/create",
    edit: "/reports/:reportID/edit",
    views: [{ path: "/reports", title: "reports.views.home" }],
  },
  permissions: {
    list: ["listReports"],
    show: ["listReports"],
    create: ["addReports"],
    edit: ["editReports"],
    delete: ["editReports"],
  },
  statuses: reportStatuses,
  columns: reportColumns,
  defaultSort: { field: "id", order: "desc" },
  search: ["name"],
  indexes: ["template", "status"],
  serverFields: ["created_by_user_id", "last_run_at", "last_run_status", "last_run_error", "last_document_id"],
  relations: {
    report_schedules: { kind: "hasMany", resource: "report_schedules", foreignKey: "report_id", fields: ["id", "frequency", "next_run_at", "recipients", "status"] },
    documents: documentsOf("Report"),
    // the latest run's file, shown by its name
    last_document: { kind: "belongsTo", resource: "documents", foreignKey: "last_document_id", fields: ["id", "asset_file_file_name"] },
  },
  recordActions: [
    ...activation(["editReports"], ["NEW", "PENDING", "INACTIVE"]),
    // running writes a file (a new document) and delivers it: the key of whoever adds reports
    { name: "run", kind: "post", label: "reports.actions.run", permission: ["addReports"], when: { status: ["NEW", "ACTIVE"] } },
  ],
  rowActions: [
    { action: "edit", permission: ["editReports"] },
    { action: "delete", permission: ["editReports"], confirm: "confirm.deleteReport" },
  ],
});
