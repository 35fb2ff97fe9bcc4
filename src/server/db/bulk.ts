/**
 * Set-based writes for operations over thousands of rows (payment runs): each column travels as ONE
 * text[] bind parameter and the statement reads the rows back with `unnest`, so 10,000 rows are one
 * statement with a dozen parameters — never one round trip per row, and none of the cost a
 * multi-row VALUES list of 100,000 parameters has (Kysely building it, the server parsing and
 * planning it: seconds at that size, most of a payment run's time on PGlite). A column with one value
 * in every row (the company, the user, an audit's event) travels once, as a scalar: an import's batch
 * otherwise sends and parses each such value 5,000 times.
 */
import { sql, type RawBuilder } from "kysely";
import type { AnyDB } from "./connect.js";
import { analyzeAfterBulkInsert } from "./maintenance.js";

type Row = Record<string, unknown>;

/** A value as PostgreSQL's text input of its column type reads it (null stays null). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString("hex")}`;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** `$n::text[]` holding one column of the rows. */
const columnArray = (rows: readonly Row[], column: string) => sql`${sql.val(rows.map((row) => asText(row[column])))}::text[]`;

/** Each table's column types (format_type), read once from the catalog: the same on every connection of the schema. */
const columnTypes = new Map<string, Map<string, string>>();

async function typesOf(trx: AnyDB, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    const { rows } = await sql<{ name: string; type: string }>`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(trx);
    types = new Map(rows.map((r) => [r.name, r.type]));
    columnTypes.set(table, types);
  }
  return types;
}

/**
 * Insert the rows (the keys of the first name the columns; a missing value is null) and return the
 * `returning` columns of each ("*": all), in insert order. Array-typed columns are not supported (unnest
 * would flatten them).
 */
export async function insertRows(trx: AnyDB, table: string, rows: readonly Row[], returning: readonly string[] | "*" = ["id"]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const types = await typesOf(trx, table);
  const columns = Object.keys(rows[0]);
  const texts = columns.map((column) => rows.map((row) => asText(row[column])));
  const constant = texts.map((values) => values.every((v) => v === values[0]));
  const varying = columns.flatMap((_, n) => (constant[n] ? [] : [n]));
  const typed = columns.map((column, n) => {
    const type = types.get(column);
    if (!type) throw new Error(`insertRows: ${table} has no column ${column}`);
    if (type.endsWith("[]")) throw new Error(`insertRows: ${table}.${column} is an array column`);
    return constant[n] ? sql`${texts[n][0]}::${sql.raw(type)}` : sql`u.${sql.ref(`c${n}`)}::${sql.raw(type)}`;
  });
  // every column the same in all rows (one row, say): the rows are only counted
  const source = varying.length
    ? sql`unnest(${sql.join(varying.map((n) => sql`${sql.val(texts[n])}::text[]`))}) with ordinality as u(${sql.join(varying.map((n) => sql.ref(`c${n}`)))}, n)`
    : sql`generate_series(1, ${rows.length}) as u(n)`;
  const { rows: inserted } = await sql<Row>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(typed)} from ${source}
    order by u.n
    ${returning === "*" ? sql`returning *` : returning.length ? sql`returning ${sql.join(returning.map((c) => sql.ref(c)))}` : sql``}`.execute(trx);
  await analyzeAfterBulkInsert(trx, table, rows.length);
  return inserted;
}

/** `count` ids of the table's identity sequence, ascending: rows written together that must know each other's ids first. */
export async function reserveIds(trx: AnyDB, table: string, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`.execute(trx);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * `UPDATE table AS t SET <set> FROM unnest(ids, …) AS v(id, …) WHERE t.id = v.id AND t.company_id = …`.
 * `types` names the value columns and their SQL types; `set` reads them as v.<column>.
 */
export async function updateFromValues(trx: AnyDB, table: string, companyId: number, rows: readonly (Row & { id: number })[], types: Readonly<Record<string, string>>, set: RawBuilder<unknown>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(types);
  await sql`update ${sql.table(table)} as t set ${set}, updated_at = now()
    from (select u.id::int as id, ${sql.join(columns.map((c) => sql`u.${sql.ref(c)}::${sql.raw(types[c])} as ${sql.ref(c)}`))}
      from unnest(${sql.join([columnArray(rows, "id"), ...columns.map((c) => columnArray(rows, c))])}) as u(id, ${sql.join(columns.map((c) => sql.ref(c)))})) as v
    where t.id = v.id and t.company_id = ${companyId}`.execute(trx);
}
