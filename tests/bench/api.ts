/**
 * `npm run bench:api [-- --rows N --duration S --db pglite|postgres|both]`: load N invoices into a fresh
 * database (embedded PGlite in a temp dir; PostgreSQL in outlay_bench next to DATABASE_URL's database),
 * serve the real app in-process and measure the invoice list (status filter, due-date sort, page of 25
 * with total) with autocannon at 10 and 50 connections. Reports only: exits non-zero on errors, never on targets.
 */
import { parseArgs } from "node:util";
import { buildApp } from "../../src/server/app.js";
import { maintainEmbedded } from "../../src/server/db/maintenance.js";
import { migrate } from "../../src/server/db/migrate.js";
import { demoPassword, seedDemo } from "../../src/server/seed/demo.js";
import { runLoad, type LoadResult } from "./cannon.js";
import { benchKinds, openBenchDatabase as open, type Kind } from "./databases.js";
import { loadInvoices } from "./load.js";

const listPath = "/api/invoices?status=APPROVED&_sort=due_date&_order=asc&_start=0&_end=25";
const connectionCounts = [10, 50];
const warmupSeconds = 2;
const targets = "PostgreSQL ≥ 500 req/s at 10 connections with p99 < 50 ms; PGlite ≥ 150 req/s";

const { values: flags } = parseArgs({
  options: { rows: { type: "string", default: "100000" }, duration: { type: "string", default: "10" }, db: { type: "string" } },
});
const rows = Number(flags.rows);
const duration = Number(flags.duration);
if (!Number.isInteger(rows) || rows < 1) throw new Error("--rows must be a whole number ≥ 1");
if (!Number.isInteger(duration) || duration < 1) throw new Error("--duration must be a whole number of seconds ≥ 1");
const kinds = benchKinds(flags.db);

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "password", username: "admin@acme.test", password: demoPassword }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Measure {
  kind: Kind;
  connections: number;
  result: LoadResult;
}

const failures: string[] = [];

/** Print a run's status codes and errors; remember it when anything was not a 2xx. */
function check(label: string, result: LoadResult): void {
  const counts = (counted: Record<string, number>) => Object.entries(counted).map(([what, n]) => `${what}×${n}`).join(", ");
  const errors = result.errors ? ` (${counts(result.errorKinds)})` : "";
  console.log(`  ${label}: ${result.requests} responses (${counts(result.statusCodes) || "none"}), ${result.errors} errors${errors}`);
  if (result.non2xx > 0 || result.errors > 0 || result.requests === 0) failures.push(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

async function bench(kind: Kind): Promise<Measure[]> {
  const { database, drop } = await open(kind);
  try {
    await migrate(database.db);
    await seedDemo(database.db);
    const started = performance.now();
    const companyId = await loadInvoices(database.db, rows);
    console.log(`${kind}: loaded ${rows} invoices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // what `npm start` does before serving (PGlite: VACUUM, as it has no autovacuum)
    const stopMaintenance = await maintainEmbedded(database);

    const app = await buildApp({ db: database.app });
    try {
      const base = await app.listen({ host: "127.0.0.1", port: 0 });
      const headers = { authorization: `Bearer ${await login(base)}`, "company-id": String(companyId) };
      const url = base + listPath;
      // one request by hand first, so that a broken setup shows its error body
      const probe = await fetch(url, { headers });
      if (!probe.ok) throw new Error(`GET ${listPath}: ${probe.status} ${await probe.text()}`);
      const page = (await probe.json()) as { data: unknown[]; meta: { total: number } };
      console.log(`  GET ${listPath}: ${page.data.length} rows, total ${page.meta.total}`);

      const measures: Measure[] = [];
      for (const connections of connectionCounts) {
        check(`${kind} ${connections} conn warm-up`, await runLoad({ url, headers, connections, duration: warmupSeconds }));
        const result = await runLoad({ url, headers, connections, duration });
        check(`${kind} ${connections} conn`, result);
        measures.push({ kind, connections, result });
      }
      return measures;
    } finally {
      await app.close();
      stopMaintenance();
    }
  } finally {
    await database.close();
    await drop();
  }
}

function printTable(measures: Measure[]): void {
  const ms = (n: number) => n.toFixed(1);
  const table = [
    ["database", "rows", "connections", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "errors"],
    ...measures.map(({ kind, connections, result: r }) => [
      kind, String(rows), String(connections), r.rps.toFixed(0), ms(r.p50), ms(r.p95), ms(r.p99), String(r.non2xx), String(r.errors),
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log();
  for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  console.log(`\nTargets (for reference): ${targets}.`);
}

const measures: Measure[] = [];
for (const kind of kinds) measures.push(...(await bench(kind)));
printTable(measures);
if (failures.length) {
  console.error(`\nFAILED: responses other than 2xx, or errors:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
}
