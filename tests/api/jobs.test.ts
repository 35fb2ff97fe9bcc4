/**
 * Jobs (src/server/jobs/) on the runner of the test's database — pg-boss on PostgreSQL, the
 * in-process runner on PGlite: a queued job runs; a failing one is retried after a backoff delay,
 * then failed with its last error, shown in the admin list and run again from it; a cron schedule
 * fires; /metrics counts the queue by state. Waits are polls with a timeout, never sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Jobs } from "../../src/server/jobs/jobs.js";
import { startTestJobs } from "../support/jobs.js";
import { useApp } from "./harness.js";

const h = useApp();
let jobs: Jobs;
let company: number;
beforeAll(async () => {
  jobs = await startTestJobs(h.database);
  company = await h.companyId("Acme Corp");
});
afterAll(async () => { await jobs?.stop(); });

const poll = { timeout: 20_000, interval: 100 };

async function listed(name: string, email = "admin@acme.test") {
  const response = await h.app.inject({ method: "GET", url: `/api/jobs?name=${name}`, headers: await h.login(email, company) });
  return { status: response.statusCode, rows: response.statusCode === 200 ? (response.json().data as Record<string, unknown>[]) : [] };
}

describe("jobs", () => {
  it("a queued job runs with its payload and is listed completed", async () => {
    const seen: unknown[] = [];
    await jobs.work("test-echo", async ({ data }) => { seen.push(data.n); });
    await jobs.send("test-echo", { company_id: company, n: 7 });
    await expect.poll(() => seen, poll).toEqual([7]);
    await expect.poll(async () => (await listed("test-echo")).rows.map((r) => [r.state, r.attempts]), poll).toEqual([["completed", 1]]);
  });

  it("a failing job is retried after a delay, fails with its last error, is listed for administrators only, and runs again", async () => {
    const attempts: number[] = [];
    let healthy = false;
    await jobs.work("test-flaky", async () => {
      attempts.push(Date.now());
      if (!healthy) throw new Error(`unreachable (attempt ${attempts.length})`);
    });
    await jobs.send("test-flaky", { company_id: company }, { retry: { limit: 1, delaySeconds: 1 } });
    await expect.poll(async () => (await listed("test-flaky")).rows.map((r) => r.state), poll).toEqual(["failed"]);
    // one retry, not before its delay
    expect(attempts).toHaveLength(2);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1000);
    const [failed] = (await listed("test-flaky")).rows;
    expect(failed).toMatchObject({ name: "test-flaky", state: "failed", attempts: 2, last_error: "unreachable (attempt 2)" });
    expect(failed!.created_at).toBeTruthy();
    expect(failed!.started_at).toBeTruthy();
    expect(failed!.completed_at).toBeTruthy();

    // the list and the action are for administrators; another company does not see the job
    expect((await listed("test-flaky", "staff@acme.test")).status).toBe(403);
    const staff = await h.app.inject({ method: "POST", url: `/api/jobs/${String(failed!.id)}/run_again`, headers: await h.login("staff@acme.test", company) });
    expect(staff.statusCode).toBe(403);
    const globex = await h.companyId("Globex Ltd");
    const other = await h.app.inject({ method: "POST", url: `/api/jobs/${String(failed!.id)}/run_again`, headers: await h.login("admin@globex.test", globex) });
    expect(other.statusCode).toBe(404);
    // a completed job is not run again
    const [done] = (await listed("test-echo")).rows;
    const refused = await h.app.inject({ method: "POST", url: `/api/jobs/${String(done!.id)}/run_again`, headers: await h.login("admin@acme.test", company) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: { base: ["jobs test-echo cannot run again in status completed."] } });

    healthy = true;
    const again = await h.app.inject({ method: "POST", url: `/api/jobs/${String(failed!.id)}/run_again`, headers: await h.login("admin@acme.test", company) });
    expect(again.statusCode, again.body).toBe(200);
    await expect.poll(async () => (await listed("test-flaky")).rows.map((r) => [r.state, r.attempts]), poll).toEqual([["completed", 3]]);
    expect(attempts).toHaveLength(3);
  });

  it("a cron schedule fires", async () => {
    const fired: string[] = [];
    await jobs.work("test-cron", async ({ data }) => { fired.push(String(data.tag)); });
    await jobs.schedule("test-cron", "* * * * * *", { company_id: company, tag: "tick" });
    await expect.poll(() => fired.length, poll).toBeGreaterThan(0);
    expect(fired[0]).toBe("tick");
  });

  it("/metrics shows the queue depth by state", async () => {
    await jobs.send("test-unworked", { company_id: company });
    const response = await h.app.inject({ method: "GET", url: "/metrics" });
    const depth = (state: string) => Number(new RegExp(`job_queue_depth\\{state="${state}"\\} (\\d+)`).exec(response.body)?.[1]);
    expect(depth("queued")).toBeGreaterThanOrEqual(1);
    expect(depth("active")).toBeGreaterThanOrEqual(0);
    expect(depth("failed")).toBeGreaterThanOrEqual(0);
  });
});
