/**
 * A background job as the admin list shows it (resources/jobs.ts): the view job_list over the
 * runner's own table (src/server/jobs/list-view.ts), read-only.
 */
export const jobSchema = {
  type: "object",
  additionalProperties: false,
  required: ["job_id", "name", "state"],
  properties: {
    /** the runner's id (a uuid on pg-boss) */
    job_id: { type: "string", readOnly: true },
    name: { type: "string", readOnly: true },
    /** created and retry: waiting; active; completed; failed after its last attempt; cancelled */
    state: { type: "string", enum: ["created", "retry", "active", "completed", "failed", "cancelled"], readOnly: true },
    attempts: { type: "integer", readOnly: true },
    last_error: { type: ["string", "null"], readOnly: true },
    start_after: { type: ["string", "null"], format: "date-time", readOnly: true },
    started_at: { type: ["string", "null"], format: "date-time", readOnly: true },
    completed_at: { type: ["string", "null"], format: "date-time", readOnly: true },
  },
} as const;
