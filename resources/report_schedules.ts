import { defineResource } from "../src/framework/resource.js";
import { reportScheduleSchema } from "../schemas/report.js";
import { activeInactive } from "./teams.js";
import { activation } from "./shared/status_actions.js";

/** When a report runs and who receives it. The server keeps next_run_at from the frequency. */
export default defineResource({
  name: "report_schedules",
  schema: reportScheduleSchema,
  title: "frequency",
  menu: { group: "accounting", order: 6 },
  routes: {
    list: "/reports/schedules",
    show: "/reports/schedules/:scheduleID",
    create: "/reports/schedules/new",
    edit: "/reports/schedules/:scheduleID/edit",
  },
  permissions: {
    list: ["listReports"],
    show: ["listReports"],
    create: ["addReports", "editReports"],
    edit: ["editReports"],
    delete: ["editReports"],
  },
  statuses: activeInactive,
  columns: [
    { field: "report.name", link: "show", linkResource: "reports", linkIdField: "report_id", filterable: true },
    { field: "frequency", kind: "enum", filterable: true },
    { field: "next_run_at", kind: "datetime", filterable: true },
    { field: "recipients", sortable: false },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "next_run_at", order: "asc" },
  indexes: ["report_id", "next_run_at", "status"],
  serverFields: ["next_run_at"],
  relations: {
    report: { kind: "belongsTo", resource: "reports", foreignKey: "report_id", fields: ["id", "name", "template", "destination"] },
  },
  recordActions: activation(["editReports"]),
  rowActions: [
    { action: "edit", permission: ["editReports"] },
    { action: "delete", permission: ["editReports"], confirm: "confirm.deleteReportSchedule" },
  ],
});
