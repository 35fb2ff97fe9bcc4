/**
 * `npm run bench:import [-- --rows 50000 --resource vendors|subsidiaries --preview-only --db pglite|postgres|both]`: in a fresh, migrated and seeded
 * database, import a CSV of that many new vendors, three of them bad (a blank name, an e-mail that is
 * not one, an unknown payment term), through the real API (in-process): the upload and its preview,
 * then apply, polling the import's progress as the page's progress bar does. Prints the rows and fields
 * the preview names, the progress seen, the error file, and the rows per second of the apply.
 * Target (issue 16): ≥ 10,000 rows/s on PostgreSQL.
 */
import { parseArgs } from "node:util";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { migrate } from "../../src/server/db/migrate.js";
import { demoPassword, seedDemo } from "../../src/server/seed/demo.js";
import { benchKinds, openBenchDatabase } from "./databases.js";
import pg from "pg";
import { cpuMeter, queryReport, timeQueries } from "./query-steps.js";

const { values: flags } = parseArgs({ options: { rows: { type: "string", default: "50000" }, resource: { type: "string", default: "vendors" }, "preview-only": { type: "boolean", default: false }, steps: { type: "boolean", default: false }, db: { type: "string" } } });
if (flags.steps) timeQueries();
const resource = flags.resource;
const rows = Number(flags.rows);
if (!Number.isInteger(rows) || rows < 10) throw new Error("--rows must be a whole number ≥ 10");

/** The file: `rows` vendors; the rows at a tenth, half and nine tenths are bad. */
function vendorsCsv(): string {
  if (resource === "subsidiaries") return subsidiariesCsv();
  const bad = new Map([[Math.floor(rows / 10), ",blank@bench.test,NET 30"], [Math.floor(rows / 2), "Bad Mail,not an e-mail,NET 30"], [Math.floor((rows * 9) / 10), "Bad Term,term@bench.test,NET 99"]]);
  const lines = ["Name,Email,Term Code,Phone"];
  for (let i = 1; i <= rows; i++) lines.push(bad.get(i) ?? `Bench Vendor ${i},vendor${i}@bench.test,NET 30,555-${String(i % 10000).padStart(4, "0")}`);
  return `${lines.join("\n")}\n`;
}

/** A plain resource (nothing runs per row): `rows` subsidiaries, the same three bad. */
function subsidiariesCsv(): string {
  const bad = new Map([[Math.floor(rows / 10), ",US,USD"], [Math.floor(rows / 2), "Bad Country,USA,USD"], [Math.floor((rows * 9) / 10), "Bad Currency,US,dollars"]]);
  const lines = ["Name,Country,Currency Code"];
  for (let i = 1; i <= rows; i++) lines.push(bad.get(i) ?? `Bench Subsidiary ${i},US,USD`);
  return `${lines.join("\n")}\n`;
}

async function call(app: FastifyInstance, method: "GET" | "POST", url: string, token: string, payload?: object) {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return response;
}

for (const kind of benchKinds(flags.db)) {
  const { database, url, drop } = await openBenchDatabase(kind);
  const observer = flags.steps && url ? new pg.Client({ connectionString: url }) : undefined;
  await observer?.connect();
  try {
    await migrate(database.db);
    await seedDemo(database.db);
    const app = await buildApp({ db: database.app });
    const token = (await app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: "admin@acme.test", password: demoPassword } })).json().access_token as string;
    const content = vendorsCsv();
    let started = performance.now();
    const created = (await call(app, "POST", "/api/imports", token, { kind: "create", resource_name: resource, file_name: `${resource}.csv`, content })).json().data;
    console.log(`${kind}: upload and preview of ${rows} rows (${(content.length / 1024 / 1024).toFixed(1)} MB): ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const e of created.errors as { row: number; field: string; message: string }[]) console.log(`  preview: row ${e.row}, ${e.field}: ${e.message}`);
    if (flags["preview-only"]) {
      await app.close();
      continue;
    }
    queryReport();
    const cpu = observer && cpuMeter(observer, new URL(url!).pathname.slice(1));
    await cpu?.sample();
    started = performance.now();
    await call(app, "POST", `/api/imports/${created.id}/apply`, token);
    let done: Record<string, unknown>;
    const seen: string[] = [];
    for (;;) {
      done = (await call(app, "GET", `/api/imports/${created.id}`, token)).json().data;
      seen.push(`${String(done.processed_rows)}/${String(done.total_rows)}`);
      await cpu?.sample();
      if (done.status === "DONE" || done.status === "FAILED") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    const imported = rows - Number(done.error_rows);
    if (flags.steps) console.log(`  PostgreSQL time per statement during the apply:\n    ${queryReport().join("\n    ")}`);
    if (cpu) console.log(`  ${await cpu.report()}`);
    console.log(`  progress seen: ${[...new Set(seen)].join(" → ")}`);
    console.log(`  ${String(done.status)}: ${imported} ${resource} imported, ${String(done.error_rows)} rows refused, in ${seconds.toFixed(1)} s`);
    const errorFile = (await call(app, "GET", `/api/imports/${created.id}/error_file`, token)).body.trim().split(/\r?\n/);
    console.log(`  error file (${errorFile.length - 1} rows):\n    ${errorFile.join("\n    ")}`);
    console.log(`  ${kind}: ${Math.round(imported / seconds)} rows/s (${resource})`);
    await app.close();
  } finally {
    await observer?.end();
    await database.close();
    await drop();
  }
}
