/** Numbers of runs and payments: issued under a per-company advisory lock so concurrent runs never share one. */
import { sql } from "kysely";
import type { DB } from "../../db/connect.js";

/** Serialise numbering of one sequence within the company until the transaction ends. */
async function lockSequence(trx: DB, companyId: number, sequence: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${sequence}), ${companyId})`.execute(trx);
}

/**
 * `count` consecutive numbers PREFIX-00001… one above the company's highest such number in
 * `table.column`. Call inside the transaction that inserts them.
 */
export async function issueNumbers(trx: DB, table: string, column: string, companyId: number, prefix: string, count: number): Promise<string[]> {
  await lockSequence(trx, companyId, `${table}.${column}`);
  const row = await trx.selectFrom(table)
    .select(sql<number | null>`max(cast(substring(${sql.ref(column)} from ${prefix.length + 2}) as bigint))`.as("n"))
    .where("company_id", "=", companyId).where(column, "~", `^${prefix}-[0-9]{1,12}$`)
    .executeTakeFirst();
  const last = Number(row?.n ?? 0);
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(last + i + 1).padStart(5, "0")}`);
}
