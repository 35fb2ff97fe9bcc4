/**
 * `npm run bench:scale-out [-- --duration S --workers N]` (PostgreSQL via DATABASE_URL; Debian's nginx on
 * PATH): two API processes behind nginx on one fresh PostgreSQL database take a mixed load (lists,
 * shows, writes, approvals) while the same intents race on both processes directly — every approval
 * approved by two requests at once, a payment run created, approved and processed with one
 * Idempotency-Key sent to both — and a recurring-invoice template falls due with both processes'
 * schedulers running. It then checks: no 5xx and no connection error, exactly one effect per intent,
 * unique numbers, one invoice for the template; and measures how long a write made through one
 * process takes to show through the other (list counts, sessions). Prints figures; exits non-zero on
 * a failed check, never on speed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { migrate } from "../../src/server/db/migrate.js";
import { demoPassword, seedDemo } from "../../src/server/seed/demo.js";
import { openBenchDatabase } from "./databases.js";
import { payableFixture } from "./payables-fixture.js";

const { values: flags } = parseArgs({ options: { duration: { type: "string", default: "20" }, workers: { type: "string", default: "16" } } });
const duration = Number(flags.duration) * 1000;
const workers = Number(flags.workers);
if (!process.env.DATABASE_URL) throw new Error("bench:scale-out runs on PostgreSQL: set DATABASE_URL");

const ports = { nginx: 4100, a: 4101, b: 4102 };
const scaleDatabase = "outlay_scale_out";
const base = (port: number) => `http://127.0.0.1:${port}`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

/** A server process on the bench database; resolves once it listens. */
function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn("node_modules/.bin/tsx", ["src/server/main.ts"], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("Outlay is running") && resolve(child));
    child.once("exit", (code) => reject(new Error(`server on ${port} exited (${code})`)));
  });
}

function startNginx(): { child: ChildProcess; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-nginx-"));
  fs.writeFileSync(path.join(dir, "nginx.conf"), `
daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream outlay { server 127.0.0.1:${ports.a}; server 127.0.0.1:${ports.b}; keepalive 64; }
  server {
    listen 127.0.0.1:${ports.nginx};
    location / { proxy_pass http://outlay; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header X-Forwarded-For $remote_addr; }
  }
}`);
  return { child: spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "inherit" }), dir };
}

interface Session { headers: Record<string, string> }

async function signIn(email: string, companyId: number): Promise<Session> {
  const response = await fetch(`${base(ports.nginx)}/oauth/token`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "password", username: email, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { headers: { authorization: `Bearer ${access_token}`, "company-id": String(companyId), "content-type": "application/json" } };
}

async function call(port: number, session: Session, method: string, url: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${base(port)}${url}`, { method, headers: { ...session.headers, ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as { data: Record<string, unknown> & Record<string, unknown>[]; meta?: { total: number } } };
}

/** The mixed load through nginx: each worker loops over reads and writes until the time is up. */
async function mixedLoad(admin: Session, invoiceIds: number[], vendorIds: number[]) {
  const statuses = new Map<number, number>();
  const refusals = new Map<string, number>();
  let errors = 0;
  let requests = 0;
  const latencies: number[] = [];
  const operations: (() => Promise<number>)[] = [
    async () => (await call(ports.nginx, admin, "GET", "/api/invoices?_start=0&_end=25&_sort=due_date&_order=asc")).status,
    async () => (await call(ports.nginx, admin, "GET", `/api/invoices/${invoiceIds[Math.floor(Math.random() * invoiceIds.length)]}`)).status,
    async () => (await call(ports.nginx, admin, "GET", "/api/vendors?_start=0&_end=25&q=Vendor")).status,
    async () => (await call(ports.nginx, admin, "GET", "/api/approvals?_start=0&_end=25")).status,
    async () => (await call(ports.nginx, admin, "PATCH", `/api/vendors/${vendorIds[Math.floor(Math.random() * vendorIds.length)]}`, { phone: `+1 555 ${String(Date.now() % 10000).padStart(4, "0")}` })).status,
    async () => (await call(ports.nginx, admin, "POST", "/api/categories", { name: `load ${process.pid} ${Math.random().toString(36).slice(2)}` })).status,
  ];
  const end = Date.now() + duration;
  await Promise.all(Array.from({ length: workers }, async (_, w) => {
    for (let i = w; Date.now() < end; i++) {
      const started = performance.now();
      try {
        const status = await operations[i % operations.length]();
        if (status >= 400) refusals.set(`${i % operations.length}:${status}`, (refusals.get(`${i % operations.length}:${status}`) ?? 0) + 1);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
      requests++;
    }
  }));
  latencies.sort((a, b) => a - b);
  return { statuses, refusals, errors, requests, p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN };
}

/** The same intent sent to both processes at once. */
const onBoth = <T>(send: (port: number) => Promise<T>) => Promise.all([send(ports.a), send(ports.b)]);

async function raceApprovals(approver: Session): Promise<void> {
  const pending = (await call(ports.nginx, approver, "GET", "/api/approvals?awaiting=me&_start=0&_end=20")).json().data as unknown as { id: number }[];
  const outcomes = new Map<string, number>();
  let doubles = 0;
  for (const approval of pending) {
    const answers = await onBoth((port) => call(port, approver, "POST", `/api/approvals/${approval.id}/approve`, {}));
    const codes = answers.map((a) => a.status).sort().join("+");
    outcomes.set(codes, (outcomes.get(codes) ?? 0) + 1);
    if (answers.filter((a) => a.status === 200).length > 1) doubles++;
  }
  const seen = [...outcomes].map(([codes, n]) => `${codes}×${n}`).join(", ");
  check(pending.length > 0 && doubles === 0, `${pending.length} approvals each approved by two processes at once: never two successes (${seen})`);
}

async function racePaymentRun(admin: Session, approver: Session, items: { invoice_id: number; amount: string }[], db: Awaited<ReturnType<typeof openBenchDatabase>>["database"]["db"]) {
  const key = { "idempotency-key": `scale-out-run-${Date.now()}` };
  const created = await onBoth((port) => call(port, admin, "POST", "/api/payment_runs", { payment_date: earliestPaymentDate(), items }, key));
  const ids = new Set(created.filter((c) => c.status === 201).map((c) => Number(c.json().data.id)));
  check(ids.size === 1 && created.every((c) => c.status === 201 || c.status === 409), `a run created on both processes with one key: one run (answers ${created.map((c) => c.status).join(", ")})`);
  const runId = [...ids][0];
  const submitted = await call(ports.nginx, admin, "POST", `/api/payment_runs/${runId}/submit`, {});
  const approvals = (await call(ports.nginx, admin, "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${runId}`)).json().data as unknown as { id: number }[];
  for (const approval of approvals) await call(ports.nginx, approver, "POST", `/api/approvals/${approval.id}/approve`, {});
  const processKey = { "idempotency-key": `scale-out-process-${Date.now()}` };
  const processed = await onBoth((port) => call(port, admin, "POST", `/api/payment_runs/${runId}/process`, {}, processKey));
  const payments = await db.selectFrom("payments").select(db.fn.countAll<number>().as("n")).where("payment_run_id", "=", runId).executeTakeFirstOrThrow();
  const links = await db.selectFrom("invoice_payment_links as l").innerJoin("payments as p", "p.id", "l.payment_id").select(db.fn.countAll<number>().as("n"))
    .where("p.payment_run_id", "=", runId).executeTakeFirstOrThrow();
  const run = await db.selectFrom("payment_runs").select("status").where("id", "=", runId).executeTakeFirstOrThrow();
  check(submitted.status === 200 && processed.some((p) => p.status === 200) && processed.every((p) => p.status === 200 || p.status === 409),
    `the run processed on both processes with one key: answers ${processed.map((p) => p.status).join(", ")}, status ${run.status}`);
  check(Number(links.n) === items.length, `one payment link per invoice (${links.n} for ${items.length} invoices, ${payments.n} payments)`);
}

/** How long a write through process A takes to show through process B, at most `limit` ms. */
async function visibleAfter(probe: () => Promise<boolean>, limit = 10_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limit) {
    if (await probe()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

async function main(): Promise<void> {
  const { database, drop } = await openBenchDatabase("postgres", scaleDatabase);
  const processes: ChildProcess[] = [];
  let nginxDir: string | undefined;
  try {
    const db = database.db;
    await migrate(db);
    await seedDemo(db);
    const acme = (await db.selectFrom("companies").select("id").where("name", "=", "Acme Corp").executeTakeFirstOrThrow()).id;
    const fixture = await payableFixture(db, acme, { vendors: 40, perVendor: 5, tag: "SCALE" });
    const vendor = await db.selectFrom("vendors").select("id").where("company_id", "=", acme).orderBy("id").executeTakeFirstOrThrow();
    const today = new Date().toISOString().slice(0, 10);
    const template = await db.insertInto("recurring_invoices").values({
      company_id: acme, vendor_id: vendor.id, amount: "99.00", currency_code: "USD", frequency: "monthly", start_date: today, next_date: today, status: "ACTIVE", number_prefix: "RECURRING",
    }).returning("id").executeTakeFirstOrThrow();

    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${scaleDatabase}`;
    // both at once: both schedulers find the template due
    processes.push(...(await Promise.all([startServer(ports.a, url.toString()), startServer(ports.b, url.toString())])));
    const nginx = startNginx();
    nginxDir = nginx.dir;
    processes.push(nginx.child);
    await visibleAfter(async () => (await fetch(`${base(ports.nginx)}/healthz`).catch(() => undefined))?.ok === true);

    const admin = await signIn("admin@acme.test", acme);
    const approver = await signIn("approver@acme.test", acme);
    const invoiceIds = (await db.selectFrom("invoices").select("id").where("company_id", "=", acme).limit(500).execute()).map((r) => r.id);
    const vendorIds = fixture.vendorIds;

    console.log(`Two API processes behind nginx on one PostgreSQL; ${workers} workers for ${duration / 1000} s, races alongside:`);
    const [load] = await Promise.all([
      mixedLoad(admin, invoiceIds, vendorIds),
      (async () => {
        await raceApprovals(approver);
        await racePaymentRun(admin, approver, fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })), db);
      })(),
    ]);
    const codes = [...load.statuses].map(([code, n]) => `${code}×${n}`).join(", ");
    console.log(`  mixed load: ${load.requests} requests (${(load.requests / (duration / 1000)).toFixed(0)} req/s, p99 ${load.p99.toFixed(0)} ms): ${codes}; ${load.errors} connection errors`);
    check(load.errors === 0 && [...load.statuses.keys()].every((code) => code < 500), "no 5xx and no connection error under the mixed load");
    check([...load.statuses.keys()].every((code) => code < 300), `every mixed-load request answered 2xx (refused, by operation: ${[...load.refusals].map(([k, n]) => `${k}×${n}`).join(", ") || "none"})`);

    const duplicates = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (
      SELECT number FROM invoices WHERE company_id = ${acme} GROUP BY number HAVING count(*) > 1
      UNION ALL SELECT number FROM payment_runs WHERE company_id = ${acme} GROUP BY number HAVING count(*) > 1) d`.execute(db);
    check(duplicates.rows[0].n === 0, "numbers stay unique (invoices, payment runs)");
    const issued = await db.selectFrom("invoices").select(db.fn.countAll<number>().as("n")).where("company_id", "=", acme).where("number", "like", "RECURRING-%").executeTakeFirstOrThrow();
    const next = await db.selectFrom("recurring_invoices").select("next_date").where("id", "=", template.id).executeTakeFirstOrThrow();
    check(Number(issued.n) === 1 && next.next_date !== today, `the template due today issued ${issued.n} invoice with two schedulers; next date ${String(next.next_date)}`);

    // cross-process staleness: a new vendor through A, its count through B; a user locked through A, refused by B
    const name = `Staleness ${Date.now()}`;
    const count = async () => (await call(ports.b, admin, "GET", `/api/vendors?name=${encodeURIComponent(name)}&_start=0&_end=1`)).json().meta?.total ?? 0;
    await count();
    await call(ports.a, admin, "POST", "/api/vendors", { name, currency_code: "USD" });
    const countLag = await visibleAfter(async () => (await count()) === 1);
    const staff = await signIn("staff@acme.test", acme);
    await call(ports.b, staff, "GET", "/api/users/current");
    await db.updateTable("users").set({ locked_at: new Date() }).where("email", "=", "staff@acme.test").execute();
    const sessionLag = await visibleAfter(async () => (await call(ports.b, staff, "GET", "/api/users/current")).status === 401);
    console.log(`  a vendor created through A is counted through B after ${countLag.toFixed(0)} ms; a user locked in the database is refused by B after ${sessionLag.toFixed(0)} ms`);
    check(countLag <= 5_500 && sessionLag <= 1_500, "cross-process staleness within the documented bounds (counts 5 s, sessions 1 s)");
  } finally {
    for (const child of processes) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    await drop();
    if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed`);
    process.exit(1);
  }
}

await main();
