/**
 * The server side of the jobs list (resources/jobs.ts, a view over the runner's queue): "run again"
 * gives a failed job one more attempt from this process's runner. The row is read, not locked: the
 * list is a view, and the runner itself refuses a job that is no longer failed (409).
 */
import jobs from "../../../../resources/jobs.js";
import { conflict } from "../../errors.js";
import { currentJobs } from "../../jobs/jobs.js";
import { defineServerModule } from "../../resources/modules.js";
import { findRow } from "../../resources/query.js";

export default defineServerModule(jobs, {
  actions: {
    run_again: {
      find: (id, ctx) => findRow(jobs, id, ctx),
      async run({ row, ctx }) {
        const runner = currentJobs();
        if (!runner) throw conflict("Jobs do not run in this server process.");
        if (!(await runner.rerun(String(row.name), String(row.job_id), ctx.db))) throw conflict("Only a failed job can be run again.");
      },
    },
  },
});
