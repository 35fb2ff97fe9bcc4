/**
 * The job queue depth reported by /metrics: jobs by state, from the admin list's view job_list (both
 * runners), counted past the row-level wall (numbers, no company's data).
 */
import { sql } from "kysely";
import type { DB } from "../db/connect.js";
import { count } from "../db/connect.js";
import { systemDb } from "../db/row-security.js";

export interface QueueDepth {
  /** waiting to run: created, or waiting to retry */
  queued: number;
  active: number;
  failed: number;
}

export async function queueDepth(db: DB): Promise<QueueDepth> {
  const { rows } = await sql<{ queued: unknown; active: unknown; failed: unknown }>`
    SELECT count(*) FILTER (WHERE state IN ('created', 'retry')) AS queued, count(*) FILTER (WHERE state = 'active') AS active,
      count(*) FILTER (WHERE state = 'failed') AS failed FROM job_list`.execute(systemDb(db));
  return { queued: count(rows[0]?.queued), active: count(rows[0]?.active), failed: count(rows[0]?.failed) };
}
