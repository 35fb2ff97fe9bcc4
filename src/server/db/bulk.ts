/**
 * Set-based writes for operations over thousands of rows (payment runs): multi-row INSERTs and
 * `UPDATE … FROM (VALUES …)` in chunks that stay under PostgreSQL's 65,535 bind parameters —
 * one round trip per chunk, never one per row.
 */
import { sql, type RawBuilder } from "kysely";
import type { AnyDB } from "./connect.js";
import { analyzeAfterBulkInsert } from "./maintenance.js";

type Row = Record<string, unknown>;

/** Bind parameters one statement may use (PostgreSQL allows 65,535; leave room). */
const parameterBudget = 30_000;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Insert the rows (all with the same keys) and return the `returning` columns of each, in insert order. */
export async function insertRows(trx: AnyDB, table: string, rows: readonly Row[], returning: readonly string[] = ["id"]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const size = Math.max(1, Math.floor(parameterBudget / Object.keys(rows[0]).length));
  const out: Row[] = [];
  for (const part of chunks(rows, size)) out.push(...((await trx.insertInto(table).values(part).returning(returning as string[]).execute()) as Row[]));
  await analyzeAfterBulkInsert(trx, table, rows.length);
  return out;
}

/**
 * `UPDATE table AS t SET <set> FROM (VALUES (id, …), …) AS v(id, …) WHERE t.id = v.id AND t.company_id = …`.
 * `types` names the value columns and their SQL types; `set` reads them as v.<column>.
 */
export async function updateFromValues(trx: AnyDB, table: string, companyId: number, rows: readonly (Row & { id: number })[], types: Readonly<Record<string, string>>, set: RawBuilder<unknown>): Promise<void> {
  const columns = Object.keys(types);
  const size = Math.max(1, Math.floor(parameterBudget / (columns.length + 1)));
  for (const part of chunks(rows, size)) {
    const values = part.map((row) => sql`(${sql.join([sql`${row.id}::int`, ...columns.map((c) => sql`${row[c]}::${sql.raw(types[c])}`)])})`);
    await sql`update ${sql.table(table)} as t set ${set}, updated_at = now()
      from (values ${sql.join(values)}) as v(id, ${sql.join(columns.map((c) => sql.ref(c)))})
      where t.id = v.id and t.company_id = ${companyId}`.execute(trx);
  }
}
