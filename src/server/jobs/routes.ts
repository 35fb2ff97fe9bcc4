/**
 * POST /api/jobs/{id}/run_again: a failed job (the admin list, resources/jobs.ts) gets one more
 * attempt from the runner of this process. Permission: the record action's keys (editAdministrations)
 * and reading the list; the job must belong to the reader's company (404) and be failed (409).
 */
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../resources/index.js";
import { can, canAct } from "../../framework/permissions.js";
import { recordAction } from "../../framework/resource.js";
import { conflict, forbidden, notFound } from "../errors.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { tablesWritten } from "../resources/written.js";
import { currentJobs } from "./jobs.js";

const jobsResource = resourceByName.get("jobs")!;
const runAgain = recordAction(jobsResource, "run_again");

export function jobRoutes(app: FastifyInstance): void {
  app.post<{ Params: { id: string } }>(`/api/jobs/:id/${runAgain.name}`, async (request) => {
    const ctx = request.ctx;
    if (!canAct(ctx.principal, jobsResource, "show") || !can(ctx.principal, runAgain.permission)) throw forbidden();
    const job = await findRow(jobsResource, request.params.id, ctx);
    if (!job) throw notFound();
    const jobs = currentJobs();
    if (!jobs) throw conflict("Jobs do not run in this server process.");
    if (job.state !== "failed" || !(await jobs.rerun(String(job.name), String(job.job_id)))) throw conflict("Only a failed job can be run again.");
    tablesWritten("job_list");
    const row = await findRow(jobsResource, request.params.id, ctx);
    return { data: (await decorate(jobsResource, [row!], ctx, true))[0] };
  });
}
