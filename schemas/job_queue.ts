/**
 * A job of the in-process runner (src/server/jobs/local.ts) on the embedded database; on PostgreSQL
 * pg-boss keeps its own table. Server-only: the admin list reads the view job_list.
 */
export const jobQueueSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "state", "start_after"],
  properties: {
    name: { type: "string" },
    data: { type: "object", default: {} },
    /** the payload's company_id: whose admin list shows the job */
    company_id: { type: ["integer", "null"] },
    /** created, retry, active, completed, failed, cancelled */
    state: { type: "string" },
    singleton_key: { type: ["string", "null"] },
    start_after: { type: "string", format: "date-time" },
    /** retries begun so far (the first run is not a retry) */
    retry_count: { type: "integer", default: 0 },
    retry_limit: { type: "integer", default: 4 },
    /** seconds before the first retry, doubled for each further one */
    retry_delay: { type: "integer", default: 30 },
    last_error: { type: ["string", "null"] },
    started_at: { type: ["string", "null"], format: "date-time" },
    completed_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;
