/** Set-based bulk load of benchmark invoices into Acme Corp (on top of the demo data). */
import { sql } from "kysely";
import { invoiceStatuses } from "../../resources/invoices.js";
import { type DB, untyped } from "../../src/server/db/connect.js";

const benchCompany = "Acme Corp";

async function idsOf(db: DB, table: string, companyId: number): Promise<number[]> {
  const rows = await untyped(db).selectFrom(table).select("id").where("company_id", "=", companyId).orderBy("id").execute();
  return rows.map((r) => r.id as number);
}

/**
 * Insert `rows` invoices spread over Acme's vendors and subsidiaries, the 8 statuses, two years of
 * dates and a range of amounts, with balances consistent with the status; then ANALYZE.
 * Returns the company's id.
 */
export async function loadInvoices(db: DB, rows: number): Promise<number> {
  // maintaining the invoices' plain indexes and checking their foreign keys row by row is most of a bulk
  // insert's time: drop them, load, then rebuild the indexes by sorting and validate each key in one join
  const indexes = await sql<{ name: string; def: string }>`
    SELECT c.relname AS name, pg_get_indexdef(x.indexrelid) AS def FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
    WHERE x.indrelid = 'invoices'::regclass AND NOT x.indisunique`.execute(db);
  const foreignKeys = await sql<{ name: string; def: string }>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'invoices'::regclass AND contype = 'f'`.execute(db);
  for (const { name } of indexes.rows) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  for (const { name } of foreignKeys.rows) await sql`ALTER TABLE invoices DROP CONSTRAINT ${sql.id(name)}`.execute(db);

  const company = await db.selectFrom("companies").select("id").where("name", "=", benchCompany).executeTakeFirstOrThrow();
  const companyId = company.id as number;
  const vendors = await idsOf(db, "vendors", companyId);
  const subsidiaries = await idsOf(db, "subsidiaries", companyId);
  const statuses = invoiceStatuses.values.map((s) => s.code);
  // each field draws on its own hash of i (0 … 2^30-1), so that they do not move in lockstep
  const hash = (seed: number) => sql<number>`(hashint4extended(i, ${seed}) & 1073741823)`;
  await sql`
    WITH spread AS (
      SELECT i, (${statuses}::text[])[1 + i % ${statuses.length}] AS status,
        current_date - (${hash(1)} % 730)::integer AS day, (${hash(2)} % 2000000 + 5000) / 100.0 AS amount
      FROM generate_series(1, ${rows}::integer) AS i
    ), paid AS (
      SELECT spread.*, CASE WHEN status IN ('PAID', 'CLOSED') THEN amount WHEN status = 'OPEN' THEN round(amount * 0.4, 2) ELSE 0 END AS paid
      FROM spread
    )
    INSERT INTO invoices (company_id, number, vendor_id, subsidiary_id, date, due_date, submit_date, amount, currency_code, status,
      term_code, description, debit_entries, payments_sum, balance_outstanding, outstanding_balance_pending)
    SELECT ${companyId}::integer, 'BENCH-' || lpad(i::text, 7, '0'),
      (${vendors}::integer[])[1 + ${hash(3)} % ${vendors.length}], (${subsidiaries}::integer[])[1 + i % ${subsidiaries.length}],
      day, day + 15 * (1 + ${hash(4)} % 4)::integer, CASE WHEN status = 'DRAFT' THEN NULL ELSE day + 1 END, amount, 'USD', status,
      'NET 30', 'Benchmark invoice ' || i, '[]'::jsonb, paid, amount - paid, amount - paid
    FROM paid`.execute(db);
  for (const { def } of indexes.rows) await sql.raw(def).execute(db);
  for (const { name, def } of foreignKeys.rows) await sql`ALTER TABLE invoices ADD CONSTRAINT ${sql.id(name)} ${sql.raw(def)}`.execute(db);
  await sql`ANALYZE`.execute(db);
  return companyId;
}
