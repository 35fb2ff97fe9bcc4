/** The server side of reports: its hooks (reports.ts). */
import reports from "../../../../resources/reports.js";
import { defineServerModule } from "../../resources/modules.js";
import { reportHooks } from "./reports.js";

export default defineServerModule(reports, { hooks: reportHooks });
