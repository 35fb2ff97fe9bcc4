/**
 * PGlite has no autovacuum worker (max_worker_processes = 0): without VACUUM its visibility map stays
 * empty and every index-only scan reads the table too, and without ANALYZE its tables have no
 * statistics. The embedded server vacuums at start and hourly, and bulk inserts analyze the table
 * they grew (analyzeAfterBulkInsert). PostgreSQL's autovacuum does both by itself.
 */
import { sql } from "kysely";
import type { AnyDB, Database } from "./connect.js";
import { isPGlite } from "./pglite-dialect.js";

const intervalMs = 60 * 60 * 1000;

export async function vacuum(database: Database): Promise<void> {
  await sql`VACUUM (ANALYZE)`.execute(database.db);
}

/** Vacuum now and every hour; returns the function that stops the timer. */
export async function maintainEmbedded(database: Database): Promise<() => void> {
  if (database.kind !== "pglite") return () => {};
  await vacuum(database);
  const timer = setInterval(() => void vacuum(database).catch(() => {}), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether a foreign key references the table (the schema's, read once per table). */
const referenced = new Map<string, boolean>();

async function isReferenced(db: AnyDB, table: string): Promise<boolean> {
  let known = referenced.get(table);
  if (known === undefined) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_constraint where contype = 'f' and confrelid = ${table}::regclass`.execute(db);
    known = Number(rows[0]?.n ?? 0) > 0;
    referenced.set(table, known);
  }
  return known;
}

/** autovacuum's defaults: a table is analyzed once 50 rows + 10 % of its rows have changed since its last ANALYZE. */
const analyzeThreshold = 50;
const analyzeScaleFactor = 0.1;

/**
 * After a bulk insert on PGlite, ANALYZE the table as autovacuum would on PostgreSQL. PGlite's one
 * backend caches the foreign-key checks' plans (`SELECT 1 FROM t WHERE company_id = $1 AND id = $2
 * FOR KEY SHARE`) for its whole life. Made while t had no statistics and few rows, such a plan may
 * use an index led by company_id alone (as cheap as the (company_id, id) key on a near-empty table)
 * and filter id — then each check reads all the company's rows, and inserting n rows that reference
 * a table of n rows costs n² (10,000 run rows: 200 s instead of a few). ANALYZE records the row count
 * and id's uniqueness and invalidates those plans; in a transaction it counts the transaction's own
 * new rows, so what the transaction inserts next is checked through the key. A table no foreign key
 * references is left to the periodic vacuum: no cached check plan reads it, and analyzing a run's
 * 10,000 audit rows or journal lines costs a few hundred milliseconds for nothing.
 */
export async function analyzeAfterBulkInsert(db: AnyDB, table: string, inserted: number): Promise<void> {
  if (inserted < analyzeThreshold || (db.isTransaction && !isPGlite(db)) || !(await isReferenced(db, table))) return;
  const { rows } = await sql<{ reltuples: number }>`select reltuples from pg_class where oid = ${table}::regclass`.execute(db);
  // reltuples is -1 until the table's first VACUUM or ANALYZE
  const known = Math.max(0, Number(rows[0]?.reltuples ?? 0));
  if (inserted >= analyzeThreshold + analyzeScaleFactor * known) await sql`analyze ${sql.table(table)}`.execute(db);
}
