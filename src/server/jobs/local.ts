/**
 * The in-process runner on the embedded PGlite database: jobs are rows of job_queue, polled every
 * `pollSeconds`; schedules live in memory and send their job when their cron time comes. One runner
 * per database is the premise (PGlite's data directory is locked to one process), yet claims are
 * `FOR UPDATE SKIP LOCKED` all the same. Jobs run one at a time. A handler runs outside any
 * transaction; its outcome is recorded afterwards (completed, retry with backoff, or failed). A job
 * still active when the runner starts was cut off by a crash and is taken up again.
 */
import cronParser from "cron-parser";
import { sql } from "kysely";
import type { DB } from "../db/connect.js";
import { backoffSeconds, defaultRetry, errorMessage, type JobData, type JobHandler, type Jobs, type RetryPolicy, type SendOptions } from "./jobs.js";

export interface LocalOptions {
  pollSeconds?: number;
  /** the retry policy of a job sent without one (default defaultRetry) */
  retry?: RetryPolicy;
  /** the clock schedules read (tests inject one) */
  now?: () => Date;
}

interface Schedule {
  name: string;
  data: JobData;
  cron: string;
  next: Date;
}

export function localJobs(db: DB, options: LocalOptions = {}): Jobs {
  const pollMs = (options.pollSeconds ?? 2) * 1000;
  const now = options.now ?? (() => new Date());
  const workers = new Map<string, JobHandler>();
  const schedules: Schedule[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // a job left active was cut off by the death of the one process that could run it: it runs again
  let tick: Promise<void> = sql`UPDATE job_queue SET state = 'retry', updated_at = now() WHERE state = 'active'`.execute(db).then(() => undefined);

  const nextTime = (cron: string, after: Date) => cronParser.parseExpression(cron, { currentDate: after }).next().toDate();

  async function send(name: string, data: JobData, opts: SendOptions = {}): Promise<void> {
    const retry = opts.retry ?? options.retry ?? defaultRetry;
    const companyId = typeof data.company_id === "number" ? data.company_id : null;
    // a waiting job with the same key: the unique index job_queue_singleton_idx refuses the second
    await sql`INSERT INTO job_queue (name, data, company_id, state, singleton_key, start_after, retry_limit, retry_delay)
      VALUES (${name}, ${JSON.stringify(data)}::jsonb, ${companyId}, 'created', ${opts.singletonKey ?? null}, ${opts.startAfter ?? new Date()}, ${retry.limit}, ${retry.delaySeconds})
      ON CONFLICT DO NOTHING`.execute(opts.db ?? db);
  }

  /** Claim the next due job of a registered name, or undefined. */
  async function claim() {
    const names = [...workers.keys()];
    if (names.length === 0) return undefined;
    const { rows } = await sql<{ id: number; name: string; data: JobData; retry_count: number; retry_limit: number; retry_delay: number; started_at: Date | null }>`
      UPDATE job_queue SET state = 'active', started_at = now(), updated_at = now(),
        retry_count = CASE WHEN started_at IS NULL THEN retry_count ELSE retry_count + 1 END
      WHERE id = (SELECT id FROM job_queue WHERE state IN ('created', 'retry') AND start_after <= now() AND name = ANY(${sql.val(names)}::text[])
        ORDER BY start_after, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, name, data, retry_count, retry_limit, retry_delay, started_at`.execute(db);
    return rows[0];
  }

  async function runDue(): Promise<void> {
    for (const schedule of schedules) {
      if (now() < schedule.next) continue;
      schedule.next = nextTime(schedule.cron, now());
      await send(schedule.name, schedule.data, { singletonKey: `schedule:${schedule.name}` });
    }
    for (let job = await claim(); job && !stopped; job = await claim()) {
      try {
        await workers.get(job.name)!({ id: String(job.id), name: job.name, data: job.data });
        await sql`UPDATE job_queue SET state = 'completed', completed_at = now(), last_error = NULL, updated_at = now() WHERE id = ${job.id}`.execute(db);
      } catch (error) {
        const last = job.retry_count >= job.retry_limit;
        const delay = backoffSeconds({ limit: job.retry_limit, delaySeconds: job.retry_delay }, job.retry_count);
        await sql`UPDATE job_queue SET state = ${last ? "failed" : "retry"}, last_error = ${errorMessage(error)}, updated_at = now(),
          completed_at = ${last ? sql`now()` : null}, start_after = ${last ? sql`start_after` : sql`now() + make_interval(secs => ${delay})`}
          WHERE id = ${job.id}`.execute(db);
      }
    }
  }

  function poll(): void {
    tick = tick.then(runDue).catch((error: unknown) => console.error("jobs: polling failed; retried at the next poll", error));
  }

  return {
    kind: "in-process",
    send,
    async schedule(name, cron, data = {}) {
      const existing = schedules.find((s) => s.name === name);
      const schedule = { name, data, cron, next: nextTime(cron, now()) };
      if (existing) Object.assign(existing, schedule);
      else schedules.push(schedule);
    },
    async work(name, handler) {
      workers.set(name, handler);
      if (!timer && !stopped) {
        timer = setInterval(poll, pollMs);
        timer.unref();
      }
      poll();
    },
    async rerun(name, id, within) {
      // within the caller's transaction (an action's): PGlite's one connection is the transaction's until it ends
      const { rows } = await sql`UPDATE job_queue SET state = 'retry', retry_limit = retry_limit + 1, start_after = now(), completed_at = NULL, updated_at = now()
        WHERE id = ${Number(id)} AND name = ${name} AND state = 'failed' RETURNING id`.execute(within ?? db);
      if (rows.length) poll();
      return rows.length > 0;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tick;
    },
  };
}
