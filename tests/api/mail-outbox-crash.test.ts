/**
 * The durable outbox against a real crash: a real server process (`node --import tsx
 * src/server/main.ts`) on its own copy of the seeded database processes a payment run, and is killed
 * with SIGKILL right after the run committed, before any remittance advice was delivered; a new
 * process started on the same database delivers every one of them, exactly once, to an SMTP server.
 *
 * "Before delivery" is made certain, not hoped for, with the documented MAIL_DELIVERY=off setting
 * (the first process writes its outbox but does not deliver: docs/architecture.md "Mail").
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { connect, type Database } from "../../src/server/db/connect.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import { payableFixture } from "../bench/payables-fixture.js";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.js";
import { admin, databaseUrl, templateDatabase, templateFile, usePostgres } from "./template.js";

const root = path.resolve(import.meta.dirname, "../..");
const vendors = 4;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A fresh copy of the seeded template: a PostgreSQL database, or a PGlite data directory. */
async function freshDatabase(): Promise<{ env: Record<string, string>; open(): Promise<Database> }> {
  if (usePostgres) {
    const name = `outlay_test_crash_${crypto.randomBytes(4).toString("hex")}`;
    await admin(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
    cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name}`));
    return { env: { DATABASE_URL: databaseUrl(name) }, open: () => connect({ databaseUrl: databaseUrl(name), poolSize: 2 }) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-crash-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, "data");
  const loaded = await connect({ dataDir, loadDataDir: new Blob([fs.readFileSync(templateFile)]) });
  await loaded.close();
  // the server must not take the PostgreSQL of the API tests' environment (DATABASE_URL wins over DATA_DIR)
  return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, open: () => connect({ dataDir }) };
}

/**
 * Start the server; resolves once it listens. `node --import tsx` rather than the tsx CLI, which runs
 * the server in a child process: SIGKILL must hit the server itself, not a wrapper it outlives.
 */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Outlay is running")) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`)));
  });
  return child;
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

function client(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const tokens = new Map<string, string>();
  async function headers(email: string): Promise<Record<string, string>> {
    if (!tokens.has(email)) {
      const response = await fetch(`${base}/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ grant_type: "password", username: email, password: demoPassword }) });
      expect(response.status).toBe(200);
      tokens.set(email, ((await response.json()) as { access_token: string }).access_token);
    }
    return { authorization: `Bearer ${tokens.get(email)}`, "content-type": "application/json" };
  }
  return {
    async post(email: string, url: string, body: object = {}) {
      const response = await fetch(`${base}${url}`, { method: "POST", headers: await headers(email), body: JSON.stringify(body) });
      return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> & { id: number } } };
    },
    async get(email: string, url: string) {
      const response = await fetch(`${base}${url}`, { headers: await headers(email) });
      return (await response.json()) as { data: Record<string, unknown>[] };
    },
  };
}

describe("mail outbox: kill -9 after a run committed", () => {
  let sink: SmtpSink;

  it("the remittance advice of every paid vendor is delivered exactly once by the next process", { timeout: 180_000 }, async () => {
    sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const database = await freshDatabase();

    // vendors to pay, each with a primary contact to e-mail
    const db = await database.open();
    const company = (await db.db.selectFrom("companies").select("id").where("name", "=", "Acme Corp").executeTakeFirstOrThrow()).id as number;
    const fixture = await payableFixture(db.db, company, { vendors, perVendor: 2, tag: `CRASH${process.pid}` });
    const emails = fixture.vendorIds.map((id) => `remit-${id}@vendor.test`);
    await db.db.insertInto("contacts").values(fixture.vendorIds.map((vendorId, n) => ({
      company_id: company, first_name: "Accounts", last_name: `Receivable ${n}`, contact_type: "VENDOR", vendor_id: vendorId, email: emails[n], vendor_roles: ["PRIMARY"],
    }))).execute();
    await db.close();

    const port = await freePort();
    const env = { ...database.env, PORT: String(port), HOST: "127.0.0.1", SMTP_URL: `smtp://127.0.0.1:${sink.port}`, JOBS_POLL_SECONDS: "0.5", NODE_ENV: "test" };
    const first = await startServer({ ...env, MAIL_DELIVERY: "off" });
    const api = client(port);
    const created = await api.post("admin@acme.test", "/api/payment_runs", { payment_date: earliestPaymentDate(), items: fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })) });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const runId = created.json.data.id;
    expect((await api.post("admin@acme.test", `/api/payment_runs/${runId}/submit`)).status).toBe(200);
    const [approval] = (await api.get("admin@acme.test", `/api/approvals?approvable_type=PaymentRun&approvable_id=${runId}`)).data;
    expect((await api.post("approver@acme.test", `/api/approvals/${String(approval.id)}/approve`)).status).toBe(200);
    expect((await api.post("admin@acme.test", `/api/payment_runs/${runId}/process`)).status).toBe(200);
    // committed: the answer came after the commit. Now the process dies, nothing delivered yet.
    await killHard(first);
    expect(sink.messages).toEqual([]);
    // PGlite: the dead process's directory lock stays behind; the operator removes it (the error message says so)
    if (database.env.DATA_DIR) fs.rmSync(`${database.env.DATA_DIR}.lock`, { recursive: true, force: true });

    const second = await startServer(env);
    const remitted = () => sink.messages.filter((m) => m.subject.startsWith("Remittance advice"));
    await expect.poll(() => remitted().length, { timeout: 60_000, interval: 200 }).toBe(vendors);
    // every row of the outbox recorded as sent, nothing waits
    await expect.poll(async () => {
      const rows = (await api.get("admin@acme.test", `/api/mail_messages?related_type=Payment&_end=100&_sort=id&_order=desc`)).data
        .filter((m) => emails.includes(String(m.to)));
      return rows.map((m) => m.status);
    }, { timeout: 30_000, interval: 200 }).toEqual(Array(vendors).fill("sent"));
    const stopped = new Promise((resolve) => second.once("exit", resolve));
    second.kill("SIGTERM");
    await stopped;

    const paid = await (async () => {
      const check = await database.open();
      try {
        return await check.db.selectFrom("payments").select("payment_number").where("payment_run_id", "=", runId).execute();
      } finally {
        await check.close();
      }
    })();
    expect(paid).toHaveLength(vendors);
    // exactly once each: one message per payment, to its vendor's contact
    expect(remitted()).toHaveLength(vendors);
    for (const payment of paid) expect(remitted().filter((m) => m.data.includes(String(payment.payment_number)))).toHaveLength(1);
    expect(remitted().flatMap((m) => m.to).sort()).toEqual(emails.map((e) => `<${e}>`).sort());
  });
});
