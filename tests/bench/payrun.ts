/**
 * `npm run bench:payrun [-- --vendors 2000 --per-vendor 5 --db pglite|postgres|both]`: in a fresh,
 * migrated and seeded database, write 2,000 vendors with ACH methods and 10,000 approved invoices,
 * then time each phase of paying them through the real API (in-process): create the run, approve it
 * (submit + the approver's approval), process it into payments, journal and NACHA files.
 * Checks the outcome (payments, file totals) and prints the time of each phase per database.
 * Target (issue 11): create + process 10,000 invoices for 2,000 vendors in ≤ 5 s on each database.
 */
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money, sum } from "../../src/framework/money.js";
import { buildApp } from "../../src/server/app.js";
import { vacuum } from "../../src/server/db/maintenance.js";
import type { Database } from "../../src/server/db/connect.js";
import { migrate } from "../../src/server/db/migrate.js";
import { demoPassword, seedDemo } from "../../src/server/seed/demo.js";
import { benchKinds, openBenchDatabase, type Kind } from "./databases.js";
import { payableFixture } from "./payables-fixture.js";

const { values: flags } = parseArgs({ options: { vendors: { type: "string", default: "2000" }, "per-vendor": { type: "string", default: "5" }, db: { type: "string" } } });
const vendors = Number(flags.vendors);
const perVendor = Number(flags["per-vendor"]);
if (!Number.isInteger(vendors) || vendors < 1 || !Number.isInteger(perVendor) || perVendor < 1) throw new Error("--vendors and --per-vendor must be whole numbers ≥ 1");
const kinds = benchKinds(flags.db);
const phases = ["create", "approve", "process"] as const;

interface Result { kind: Kind; seconds: Record<(typeof phases)[number], number>; cpu: { create: number; process: number }; payments: number; files: number; total: string }

async function call(app: FastifyInstance, method: "GET" | "POST", url: string, token: string, payload?: object, headers: Record<string, string> = {}) {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return response.json() as { data: Record<string, unknown> & Record<string, unknown>[] };
}

async function login(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: demoPassword } });
  return (response.json() as { access_token: string }).access_token;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, (performance.now() - started) / 1000];
}

/**
 * CPU seconds spent so far by this process (PGlite runs in it) and, on PostgreSQL, by the server's
 * backends of the bench database (read from /proc: a local server). On a shared machine the wall
 * time of a phase grows with the load; its CPU time much less so.
 */
async function cpuSeconds(database: Database): Promise<number> {
  const own = process.cpuUsage();
  let server = 0;
  if (database.kind === "postgres") {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
    const ticks = Number(process.env.CLK_TCK ?? 100);
    for (const { pid } of rows) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        server += (Number(fields[11]) + Number(fields[12])) / ticks; // utime + stime, fields 14 and 15
      } catch {
        // not readable (a remote server, or another user's): wall time only
      }
    }
  }
  return (own.user + own.system) / 1e6 + server;
}

async function timedWithCpu<T>(database: Database, work: () => Promise<T>): Promise<[T, number, number]> {
  const cpuBefore = await cpuSeconds(database);
  const [value, seconds] = await timed(work);
  return [value, seconds, (await cpuSeconds(database)) - cpuBefore];
}

async function bench(kind: Kind): Promise<Result> {
  const { database, drop } = await openBenchDatabase(kind);
  try {
    await migrate(database.db);
    await seedDemo(database.db);
    const company = await database.db.selectFrom("companies").select("id").where("name", "=", "Acme Corp").executeTakeFirstOrThrow();
    const [fixture, loadSeconds] = await timed(() => payableFixture(database.db, company.id as number, { vendors, perVendor, tag: "BENCH", individualEvery: 10 }));
    console.log(`${kind}: wrote ${vendors} vendors and ${fixture.invoices.length} approved invoices in ${loadSeconds.toFixed(1)} s`);
    // as a running server's database is: statistics on every table (PostgreSQL's autovacuum; the
    // embedded server vacuums at start). A table never analyzed (payments, after the seed) leaves the
    // foreign-key checks a plan that reads all the company's rows per check: seconds per 10,000 rows.
    await vacuum(database);
    const app = await buildApp({ db: database.app });
    try {
      const [admin, approver] = [await login(app, "admin@acme.test"), await login(app, "approver@acme.test")];
      const items = fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount }));
      const [run, create, createCpu] = await timedWithCpu(database, () => call(app, "POST", "/api/payment_runs", admin, { payment_date: earliestPaymentDate(), items }));
      const runId = run.data.id as number;
      const [, approve] = await timed(async () => {
        await call(app, "POST", `/api/payment_runs/${runId}/submit`, admin);
        const approvals = await call(app, "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${runId}`, admin);
        for (const approval of approvals.data) await call(app, "POST", `/api/approvals/${String(approval.id)}/approve`, approver);
      });
      const [processed, process, processCpu] = await timedWithCpu(database, () => call(app, "POST", `/api/payment_runs/${runId}/process`, admin, undefined, { "idempotency-key": `bench-${runId}` }));
      if (processed.data.status !== "OPEN") throw new Error(`the run is ${String(processed.data.status)} after processing`);

      const files = await call(app, "GET", `/api/nacha_payments?payment_run_id=${runId}`, admin);
      const paid = await database.db.selectFrom("payments").select(["amount"]).where("payment_run_id", "=", runId).where("status", "=", "PROCESSING").execute();
      const total = sum(fixture.invoices.map((i) => i.amount));
      const fileTotal = sum(files.data.map((f) => String(f.amount)));
      if (paid.length !== vendors || !money(fileTotal).eq(total)) throw new Error(`expected ${vendors} payments and files totalling ${total}; got ${paid.length} payments, files ${fileTotal}`);
      return { kind, seconds: { create, approve, process }, cpu: { create: createCpu, process: processCpu }, payments: paid.length, files: files.data.length, total };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

const results: Result[] = [];
for (const kind of kinds) results.push(await bench(kind));
const table = [
  ["database", "invoices", "vendors", ...phases.map((p) => `${p} s`), "create+process s", "CPU s", "payments", "NACHA files", "total"],
  ...results.map((r) => [r.kind, String(vendors * perVendor), String(vendors), ...phases.map((p) => r.seconds[p].toFixed(2)), (r.seconds.create + r.seconds.process).toFixed(2),
    (r.cpu.create + r.cpu.process).toFixed(2), String(r.payments), String(r.files), r.total]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log();
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
console.log(`\nCPU s: of create + process, this process's and (PostgreSQL) the server backends'. Load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs.`);
console.log("Target (for reference): create + process 10,000 invoices in ≤ 5 s on each database.");
