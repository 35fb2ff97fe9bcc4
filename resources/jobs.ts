import { defineResource } from "../src/framework/resource.js";
import { jobSchema } from "../schemas/job.js";

/**
 * Background jobs (src/server/jobs/): mail delivery, the recurring-invoice run. Read-only and for
 * administrators, like the audit log and the mail outbox; a failed job can be run again. The table is
 * the view job_list (src/server/jobs/list-view.ts), over pg-boss's jobs on PostgreSQL and the
 * in-process runner's on the embedded database.
 */
export default defineResource({
  name: "jobs",
  table: "job_list",
  schema: jobSchema,
  title: "name",
  menu: { group: "admin", order: 13 },
  routes: { list: "/jobs", show: "/jobs/:jobID" },
  permissions: {
    list: ["listAdministrations", "activitiesAdministrations"],
    show: ["listAdministrations", "activitiesAdministrations"],
  },
  statuses: {
    field: "state",
    values: [
      { code: "created", color: "gold" },
      { code: "retry", color: "orange" },
      { code: "active", color: "blue" },
      { code: "completed", color: "green" },
      { code: "failed", color: "red" },
      { code: "cancelled", color: "default" },
    ],
  },
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "state", kind: "status", filterable: true },
    { field: "attempts", kind: "number" },
    { field: "last_error" },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "started_at", kind: "datetime" },
    { field: "completed_at", kind: "datetime" },
    { field: "start_after", kind: "datetime", hidden: true },
    { field: "job_id", hidden: true },
  ],
  defaultSort: { field: "created_at", order: "desc" },
  search: ["name"],
  // run_again: its handler is src/server/domain/admin/jobs.server.ts
  recordActions: [
    { name: "run_again", kind: "post", label: "jobActions.runAgain", permission: ["editAdministrations"], when: { state: "failed" }, confirm: "confirm.runJobAgain" },
  ],
});
