/**
 * /pay_expenses and /expenses_review_payment_run: approved (OPEN, labelled Approved) reimbursable
 * expense reports, ready to be paid to the employee. Guarded by payExpenseReports, so a view resource
 * of the expense_reports table that the server confines to those rows.
 */
import { defineResource } from "../src/framework/resource.js";
import { expenseReportList } from "./expense_reports.js";

export default defineResource({
  ...expenseReportList,
  name: "pay_expenses",
  table: "expense_reports",
  baseFilter: { status: "OPEN", reimbursable: "true" },
  menu: { group: "expenses", order: 5 },
  // hand-written screens (src/client/pages/custom/expenses): tick reports and a payment date, review the run, create it
  routes: {
    list: "/pay_expenses",
    views: [
      { path: "/pay_expenses", component: "PayExpenses" },
      { path: "/expenses_review_payment_run", title: "pay_expenses.views.reviewPaymentRun", component: "ReviewExpenseRun" },
    ],
  },
  permissions: { list: ["payExpenseReports"], show: ["payExpenseReports"] },
});
