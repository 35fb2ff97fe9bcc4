/** The server side of expense_reports: its hooks (expense-reports.ts). */
import expenseReports from "../../../../resources/expense_reports.js";
import { defineServerModule } from "../../resources/modules.js";
import { expenseReportHooks } from "./expense-reports.js";
import { expenseReportApproval } from "../approvals/approvables/expense-report.js";

export default defineServerModule(expenseReports, { approval: expenseReportApproval, hooks: expenseReportHooks });
