import { defineResource } from "../src/framework/resource.js";
import { reportSchema } from "../schemas/report.js";
import { reportColumns, reportStatuses } from "./reports.js";

/**
 * /reports/edit: the report definitions a user with editReports picks one from to edit (not the
 * switched-off ones); each row opens the report, whose edit page is /reports/{reportID}/edit.
 */
export default defineResource({
  name: "editable_reports",
  table: "reports",
  baseFilter: { status_ne: "INACTIVE" },
  schema: reportSchema,
  title: "name",
  menu: false,
  routes: { list: "/reports/edit" },
  permissions: { list: ["editReports"], show: ["editReports"] },
  statuses: reportStatuses,
  columns: reportColumns.map((c) => (c.field === "name" ? { ...c, linkResource: "reports", linkIdField: "id" } : c)),
  defaultSort: { field: "name", order: "asc" },
  search: ["name"],
});
