/** The server side of reports: its hooks (reports.ts) and "run now" (report-run.ts). */
import reports from "../../../../resources/reports.js";
import { defineServerModule } from "../../resources/modules.js";
import { runReport } from "./report-run.js";
import { reportHooks } from "./reports.js";

export default defineServerModule(reports, {
  hooks: reportHooks,
  actions: {
    // the file goes to the runner when the report goes by e-mail: a run now is not the schedule's delivery
    async run({ row, ctx }) {
      await runReport(ctx.db, ctx, row, row.destination === "email" ? [ctx.user.email] : []);
    },
  },
});
