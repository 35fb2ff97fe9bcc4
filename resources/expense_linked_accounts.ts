/**
 * /expense_linked_accounts: expense reports spent through company-linked external accounts (corporate
 * card or bank feeds), i.e. the non-reimbursable ones. Its own guard (listExternalExpenseAccounts),
 * so a view resource of the expense_reports table that the server confines to reimbursable = false.
 */
import { defineResource } from "../src/framework/resource.js";
import { expenseReportList } from "./expense_reports.js";

export default defineResource({
  ...expenseReportList,
  name: "expense_linked_accounts",
  table: "expense_reports",
  baseFilter: { reimbursable: "false" },
  menu: { group: "expenses", order: 6 },
  routes: { list: "/expense_linked_accounts" },
  permissions: { list: ["listExternalExpenseAccounts"], show: ["listExternalExpenseAccounts"] },
});
