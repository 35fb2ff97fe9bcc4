/**
 * The one job interface (docs/operations.md "Jobs"). Work that runs later is a named job with a JSON
 * payload; a worker registered for the name runs it. A job that throws is retried with exponential
 * backoff (`retry`), and after its last attempt it is `failed` with the error kept; an
 * administrator's "run again" (rerun) gives it one more attempt. Two runners implement it: pg-boss on
 * PostgreSQL (boss.ts: any number of processes, schedules singleton cluster-wide) and an in-process
 * runner on the embedded PGlite database (local.ts: one process by construction).
 *
 * Job states (both runners, pg-boss's words): created (waiting), retry (waiting after a failed
 * attempt), active, completed, failed, cancelled. A job's company is its payload's `company_id`
 * (the admin list shows a company its own jobs only).
 */
import type { DB } from "../db/connect.js";

export type JobData = Record<string, unknown>;

export interface RetryPolicy {
  /** attempts after the first */
  limit: number;
  /** seconds before the first retry; doubled for each further one (with up to as much again of jitter) */
  delaySeconds: number;
}

/** 5 attempts, retried after about 30 s, 1, 2 and 4 minutes */
export const defaultRetry: RetryPolicy = { limit: 4, delaySeconds: 30 };

export interface SendOptions {
  /** no second job of the same name and key is queued while one waits to start */
  singletonKey?: string;
  startAfter?: Date;
  retry?: RetryPolicy;
  /** enqueue inside this transaction: the job exists if and only if the transaction commits */
  db?: DB;
}

export interface JobInfo {
  id: string;
  name: string;
  data: JobData;
}

export type JobHandler = (job: JobInfo) => Promise<void>;

export interface Jobs {
  readonly kind: "pg-boss" | "in-process";
  send(name: string, data: JobData, options?: SendOptions): Promise<void>;
  /** run `name` with `data` on a cron schedule (5 fields, or 6 with seconds), once per tick across every process */
  schedule(name: string, cron: string, data?: JobData): Promise<void>;
  work(name: string, handler: JobHandler): Promise<void>;
  /** give a failed job one more attempt; false when it is not failed (or unknown). `db`: the caller's transaction, where the runner's queue is in it (in-process) */
  rerun(name: string, id: string, db?: DB): Promise<boolean>;
  /** stop taking jobs and wait for the running ones to finish */
  stop(): Promise<void>;
}

/** Seconds before retry number `retryCount + 1` (0-based count of retries made): delay·2ⁿ, plus up to as much again of jitter. */
export const backoffSeconds = (policy: RetryPolicy, retryCount: number, jitter = Math.random()) =>
  policy.delaySeconds * 2 ** Math.min(16, retryCount) * (1 + jitter);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
export { message as errorMessage };

let running: Jobs | undefined;

/** The runner of this process, once startJobs has started it (none in a process that runs no jobs). */
export const currentJobs = (): Jobs | undefined => running;
export function setCurrentJobs(jobs: Jobs | undefined): void {
  running = jobs;
}
