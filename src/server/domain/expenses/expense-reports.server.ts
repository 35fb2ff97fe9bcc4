/** The server side of expense_reports: its hooks (expense-reports.ts). */
import expenseReports from "../../../../resources/expense_reports.js";
import { defineServerModule } from "../../resources/modules.js";
import { expenseReportHooks } from "./expense-reports.js";

export default defineServerModule(expenseReports, { hooks: expenseReportHooks });
