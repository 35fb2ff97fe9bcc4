/**
 * `npm run bench:api [-- --rows N --duration S --rounds R --db pglite|postgres|both]`: load N invoices
 * into a fresh database (PostgreSQL in outlay_bench next to DATABASE_URL's database; embedded PGlite in
 * a temp dir), serve the real app in-process and measure with autocannon at 10 and 50 connections:
 * - PostgreSQL (row-level security on, as docs/deploy-postgresql.md sets it up): the invoice list
 *   (status filter, due-date sort, page of 25 with vendor and total) and one invoice (documents,
 *   activities, payments, credits, approvals embedded), each against two floors (floor.ts: the same
 *   work by hand on bare Fastify + pg on the same database, one with prepared statements, one
 *   plain), the three servers alternated round by round (a machine busy with something else slows
 *   them alike), and the ratios;
 * - PGlite: the same two pages, Outlay alone (a floor would share its one connection).
 * Reports only: exits non-zero on errors or when a floor's answer differs from Outlay's, never on targets.
 */
import os from "node:os";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { buildApp } from "../../src/server/app.js";
import { maintainEmbedded } from "../../src/server/db/maintenance.js";
import { migrate } from "../../src/server/db/migrate.js";
import { demoPassword, seedDemo } from "../../src/server/seed/demo.js";
import type { DB } from "../../src/server/db/connect.js";
import { runLoad, type LoadResult } from "./cannon.js";
import { benchKinds, openBenchDatabase as open, type Kind } from "./databases.js";
import { startFloor } from "./floor.js";
import { loadInvoices } from "./load.js";

const listPath = "/api/invoices?status=APPROVED&_sort=due_date&_order=asc&_start=0&_end=25";
const connectionCounts = [10, 50];
const warmupSeconds = 2;
const poolSize = 10;
const targets = "PostgreSQL against the prepared floor: list ≥ 0.9×, one invoice ≥ 0.8× (10 and 50 connections), p99 ≤ 1.5× the floor's; PGlite list p99 ≤ 300 ms at 50 connections";
const serverNames = ["outlay", "prepared", "plain"] as const;
type ServerName = (typeof serverNames)[number];

const { values: flags } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" }, duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "2" }, db: { type: "string" },
  },
});
const rows = Number(flags.rows);
const duration = Number(flags.duration);
const rounds = Number(flags.rounds);
if (!Number.isInteger(rows) || rows < 1) throw new Error("--rows must be a whole number ≥ 1");
if (!Number.isInteger(duration) || duration < 1) throw new Error("--duration must be a whole number of seconds ≥ 1");
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds must be a whole number ≥ 1");
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

type Json = Record<string, unknown>;

/** One request by hand first, so that a broken setup shows its error body. */
async function probe(url: string, headers: Record<string, string>): Promise<Json> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Json;
}

const failures: string[] = [];

/** Print a run's status codes and errors; remember it when anything was not a 2xx. */
function check(label: string, result: LoadResult): void {
  const counts = (counted: Record<string, number>) => Object.entries(counted).map(([what, n]) => `${what}×${n}`).join(", ");
  const errors = result.errors ? ` (${counts(result.errorKinds)})` : "";
  console.log(`  ${label}: ${result.requests} responses (${counts(result.statusCodes) || "none"}), ${result.errors} errors${errors}`);
  if (result.non2xx > 0 || result.errors > 0 || result.requests === 0) failures.push(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

/** The floor must answer what Outlay answers (Outlay adds its computed fields): every column and embed of the floor's rows. */
function sameAnswer(label: string, outlay: Json, floor: Json): void {
  const rowsOf = (body: Json) => (Array.isArray(body.data) ? body.data : [body.data]) as Json[];
  const [ours, theirs] = [rowsOf(outlay), rowsOf(floor)];
  const differing = theirs.flatMap((row, i) => Object.keys(row).filter((key) => !isDeepStrictEqual(row[key], ours[i]?.[key])).map((key) => `row ${i} ${key}`));
  if (ours.length !== theirs.length) differing.push(`${ours.length} rows against ${theirs.length}`);
  if (differing.length) failures.push(`${label}: the floor answers differently (${differing.slice(0, 5).join(", ")})`);
}

interface Measure {
  kind: Kind;
  page: string;
  connections: number;
  results: Record<ServerName, LoadResult[]>;
}

/** The demo invoice of the bench company with the most approvals and activities: the show page with every list filled. */
async function richInvoice(db: DB, companyId: number): Promise<number> {
  const row = await db.selectFrom("invoices as i").select("i.id").where("i.company_id", "=", companyId)
    .orderBy((eb) => eb.selectFrom("approvals as a").select(eb.fn.countAll().as("n")).whereRef("a.approvable_id", "=", "i.id").where("a.approvable_type", "=", "Invoice"), "desc")
    .orderBy((eb) => eb.selectFrom("activities as a").select(eb.fn.countAll().as("n")).whereRef("a.item_id", "=", "i.id").where("a.item_type", "=", "invoices"), "desc")
    .orderBy("i.id").limit(1).executeTakeFirstOrThrow();
  return row.id as number;
}

async function bench(kind: Kind): Promise<Measure[]> {
  const { database, url: databaseUrl, drop } = await open(kind);
  try {
    await migrate(database.db);
    await seedDemo(database.db);
    const started = performance.now();
    const companyId = await loadInvoices(database.db, rows);
    console.log(`${kind}: loaded ${rows} invoices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // what `npm start` does before serving (PGlite: VACUUM, as it has no autovacuum)
    const stopMaintenance = await maintainEmbedded(database);
    const showPath = `/api/invoices/${await richInvoice(database.db, companyId)}`;

    const app = await buildApp({ db: database.app });
    const floors = databaseUrl
      ? { prepared: await startFloor(databaseUrl, companyId, poolSize, { prepared: true }), plain: await startFloor(databaseUrl, companyId, poolSize, { prepared: false }) }
      : undefined;
    try {
      const base = await app.listen({ host: "127.0.0.1", port: 0 });
      const headers = { authorization: `Bearer ${await login(base)}`, "company-id": String(companyId) };
      const pages = [["list", listPath], ["show", showPath]];
      for (const [page, path] of pages) {
        const answer = await probe(base + path, headers);
        console.log(`  GET ${path}: ${Array.isArray(answer.data) ? `${answer.data.length} rows, total ${(answer.meta as Json).total}` : "one invoice"}`);
        for (const [name, floor] of Object.entries(floors ?? {})) sameAnswer(`${kind} ${page} ${name} floor`, answer, await probe(floor.base + path, {}));
      }

      const measures: Measure[] = [];
      for (const connections of connectionCounts) {
        for (const [page, path] of pages) {
          const measure: Measure = { kind, page, connections, results: { outlay: [], prepared: [], plain: [] } };
          const servers: { name: ServerName; url: string; headers: Record<string, string>; results: LoadResult[] }[] = [{ name: "outlay", url: base + path, headers, results: measure.results.outlay }];
          for (const name of ["prepared", "plain"] as const) {
            if (floors) servers.push({ name, url: floors[name].base + path, headers: {}, results: measure.results[name] });
          }
          for (const server of servers) {
            check(`${kind} ${page} ${server.name} ${connections} conn warm-up`, await runLoad({ ...server, connections, duration: warmupSeconds }));
          }
          // interleaved: a machine busy with something else slows both alike
          for (let round = 1; round <= rounds; round++) {
            for (const server of servers) {
              const result = await runLoad({ ...server, connections, duration });
              check(`${kind} ${page} ${server.name} ${connections} conn, round ${round}`, result);
              server.results.push(result);
            }
          }
          measures.push(measure);
        }
      }
      return measures;
    } finally {
      await app.close();
      await floors?.prepared.close();
      await floors?.plain.close();
      stopMaintenance();
    }
  } finally {
    await database.close();
    await drop();
  }
}

/** Mean requests per second, median p50 and worst p99 over the rounds. */
function summary(results: LoadResult[]): { rps: number; p50: number; p99: number } | undefined {
  if (!results.length) return undefined;
  const p50s = results.map((r) => r.p50).sort((a, b) => a - b);
  return { rps: results.reduce((sum, r) => sum + r.rps, 0) / results.length, p50: p50s[Math.floor((p50s.length - 1) / 2)], p99: Math.max(...results.map((r) => r.p99)) };
}

function printTable(measures: Measure[]): void {
  const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}×` : "-");
  const cells = (s: { rps: number; p50: number; p99: number } | undefined) => (s ? [s.rps.toFixed(0), s.p50.toFixed(0), s.p99.toFixed(0)] : ["-", "-", "-"]);
  const table = [
    ["database", "page", "conns", "outlay req/s", "p50 ms", "p99 ms", "prepared req/s", "p50 ms", "p99 ms", "plain req/s", "p50 ms", "p99 ms", "÷ prepared", "p99 ÷ prepared", "÷ plain"],
    ...measures.map(({ kind, page, connections, results }) => {
      const [ours, prepared, plain] = serverNames.map((name) => summary(results[name]));
      return [
        kind, page, String(connections), ...cells(ours), ...cells(prepared), ...cells(plain),
        ratio(ours!.rps, prepared?.rps), ratio(ours!.p99, prepared?.p99), ratio(ours!.rps, plain?.rps),
      ];
    }),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log(`\n${rows} invoices; ${rounds} alternated round(s) of ${duration} s per server; req/s the mean of the rounds, p50 the median, p99 the worst`);
  console.log(`load average (1, 5, 15 min) at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")} on ${os.cpus().length} cores`);
  for (const row of table) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  console.log("\nMarkdown:\n");
  console.log(`| ${table[0].join(" | ")} |\n|${table[0].map((_, i) => (i < 2 ? "---" : "---:")).join("|")}|`);
  for (const row of table.slice(1)) console.log(`| ${row.join(" | ")} |`);
  console.log(`\nTargets (for reference): ${targets}.`);
}

console.log(`load average (1, 5, 15 min) at the start: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")} on ${os.cpus().length} cores`);
const measures: Measure[] = [];
for (const kind of kinds) measures.push(...(await bench(kind)));
printTable(measures);
if (failures.length) {
  console.error(`\nFAILED:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
}
