/**
 * Server-issued numbers (PR-00001, PAY-00001, NACHA-00001, RCV-00001 …) and other per-company
 * counters, from one counter row per company and kind in number_counters. The row is advanced with
 * `UPDATE … SET last_value = last_value + n RETURNING`, which holds its row lock until the calling
 * transaction ends: concurrent writers queue on it, a rolled-back one gives its block back, and a
 * block of n numbers costs one statement (set-based processing). The unique indexes of migration
 * 0010 are the second wall. Same SQL on PostgreSQL and PGlite.
 */
import { sql } from "kysely";
import { type DB, untyped } from "../../db/connect.js";

/**
 * Advance the company's counter `kind` by `count` inside the caller's transaction; returns the first
 * of the `count` values issued. A missing counter row starts at `initial()` (what earlier data already
 * used), created under the unique index so that two first callers agree.
 */
export async function advanceCounter(trx: DB, companyId: number, kind: string, count: number, initial: () => Promise<number>): Promise<number> {
  const advance = () => trx.updateTable("number_counters").set({ last_value: sql`last_value + ${count}`, updated_at: new Date() })
    .where("company_id", "=", companyId).where("kind", "=", kind).returning("last_value").executeTakeFirst();
  let row = await advance();
  if (!row) {
    await trx.insertInto("number_counters").values({ company_id: companyId, kind, last_value: await initial() })
      .onConflict((oc) => oc.columns(["company_id", "kind"]).doNothing()).execute();
    row = await advance();
  }
  return Number(row!.last_value) - count + 1;
}

/** The highest n of the numbers PREFIX-n already in `table.column` (seeded or older data), 0 when none. */
async function highestUsed(trx: DB, table: string, column: string, companyId: number, prefix: string): Promise<number> {
  // the start position as a literal integer: a parameter of unknown type would pick substring's regex form
  const start = sql.lit(prefix.length + 2);
  const row = await untyped(trx).selectFrom(table)
    .select(sql<string | number | null>`max(cast(substring(${sql.ref(column)} from ${start}) as bigint))`.as("n"))
    .where("company_id", "=", companyId).where(column, "~", `^${prefix}-[0-9]{1,12}$`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `count` consecutive numbers PREFIX-00001… of `table.column` for the company. Call inside the transaction that stores them. */
export async function issueNumbers(trx: DB, table: string, column: string, companyId: number, prefix: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const first = await advanceCounter(trx, companyId, `${table}.${column}`, count, () => highestUsed(trx, table, column, companyId, prefix));
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(first + i).padStart(5, "0")}`);
}
