/** The server side of report_schedules: its hooks (reports.ts). */
import reportSchedules from "../../../../resources/report_schedules.js";
import { defineServerModule } from "../../resources/modules.js";
import { reportScheduleHooks } from "./reports.js";

export default defineServerModule(reportSchedules, { hooks: reportScheduleHooks });
