/**
 * The pg-boss runner on PostgreSQL (pg-boss 10: the last major that runs on Node 20). pg-boss keeps
 * its jobs in the `pgboss` schema of the app's database and claims them with SKIP LOCKED, so any
 * number of server processes work one queue, each job once. A schedule is one row per name and its
 * cron tick is sent once cluster-wide (pg-boss's timekeeper takes a database-wide lock on the tick),
 * so a scheduled job runs once however many processes run. Every queue is created with the `short`
 * policy, which makes `singletonKey` mean "no second job with this key while one waits"; a job sent
 * without a key gets a unique one, so only keyed jobs are ever merged.
 */
import crypto from "node:crypto";
import { CompiledQuery, sql } from "kysely";
import PgBoss from "pg-boss";
import type { DB } from "../db/connect.js";
import { grantSchemaToAppRole } from "../db/row-security.js";
import { defaultRetry, type JobData, type Jobs, type RetryPolicy, type SendOptions } from "./jobs.js";
import { pgBossListView, sequenceUuid } from "./list-view.js";

export interface BossOptions {
  pollSeconds?: number;
  /** the retry policy of a job sent without one (default defaultRetry) */
  retry?: RetryPolicy;
}

/** pg-boss's queries run inside the caller's Kysely transaction (transactional enqueue). */
const inside = (db: DB): PgBoss.Db => ({
  async executeSql(text, values) {
    const result = await db.executeQuery(CompiledQuery.raw(text, values));
    return { rows: [...result.rows] };
  },
});

export async function bossJobs(db: DB, databaseUrl: string, options: BossOptions = {}): Promise<Jobs> {
  const pollSeconds = options.pollSeconds ?? 2;
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    cronWorkerIntervalSeconds: Math.max(1, Math.round(pollSeconds)),
    cronMonitorIntervalSeconds: Math.max(1, Math.min(30, Math.round(pollSeconds * 5))),
  });
  boss.on("error", (error: Error) => console.error("jobs (pg-boss):", error.message));
  await boss.start();
  // the API's role enqueues delivery jobs in its own transactions (mail/outbox.ts)
  await grantSchemaToAppRole(db, "pgboss");
  // the admin list reads pg-boss's table from now on (list-view.ts)
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('outlay job_list view'))`.execute(trx);
    await sql.raw(pgBossListView).execute(trx);
  });

  const queues = new Set<string>();
  async function queue(name: string): Promise<void> {
    if (queues.has(name)) return;
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: "short" }).catch(async (error: unknown) => {
      // another process created it between the two calls
      if (!(await boss.getQueue(name))) throw error;
    });
    queues.add(name);
  }

  return {
    kind: "pg-boss",
    async send(name: string, data: JobData, opts: SendOptions = {}) {
      await queue(name);
      const retry = opts.retry ?? options.retry ?? defaultRetry;
      const { rows } = await sql<{ n: number }>`SELECT nextval('job_list_id_seq') AS n`.execute(opts.db ?? db);
      await boss.send(name, data, {
        id: sequenceUuid(Number(rows[0].n), crypto.randomBytes(6).toString("hex")),
        singletonKey: opts.singletonKey ?? crypto.randomUUID(),
        startAfter: opts.startAfter,
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: true,
        ...(opts.db ? { db: inside(opts.db) } : {}),
      });
    },
    async schedule(name, cron, data = {}) {
      await queue(name);
      await boss.schedule(name, cron, data, { singletonKey: `schedule:${name}`, retryLimit: (options.retry ?? defaultRetry).limit, retryDelay: (options.retry ?? defaultRetry).delaySeconds, retryBackoff: true });
    },
    async work(name, handler) {
      await queue(name);
      await boss.work<JobData>(name, { pollingIntervalSeconds: pollSeconds, batchSize: 1 }, async ([job]) => {
        if (job) await handler({ id: job.id, name: job.name, data: job.data });
      });
    },
    async rerun(name, id) {
      const job = await boss.getJobById(name, id);
      if (job?.state !== "failed") return false;
      await boss.retry(name, id);
      return true;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
