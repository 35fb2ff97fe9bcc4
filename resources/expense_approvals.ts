/**
 * /expense_approvals: expense reports pending approval (status PENDING), with the spec's query
 * parameters expenseType (an item type on the report) and subsidiaryId; /expenses_approval/:approvalID
 * is the approval screen of one. The guard is the module (expenses_active, like the other approval
 * lists of the spec), so a view resource of the expense_reports table confined to PENDING.
 * Until approval records exist the approval id is the report's id.
 */
import { defineResource } from "../src/framework/resource.js";
import { expenseReportList } from "./expense_reports.js";

export default defineResource({
  ...expenseReportList,
  name: "expense_approvals",
  table: "expense_reports",
  baseFilter: { status: "PENDING" },
  menu: { group: "expenses", order: 4 },
  routes: {
    list: "/expense_approvals",
    views: [
      { path: "/expense_approvals", params: { expenseType: "expense_types", subsidiaryId: "subsidiary_id" }, approvalList: true },
      { path: "/expenses_approval/:approvalID", page: "approval" },
    ],
  },
  permissions: { list: ["expenses_active"], show: ["expenses_active"] },
});
