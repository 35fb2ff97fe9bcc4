/**
 * Ready to distribute by company (Citus): over the database's own catalogue, every company table's
 * primary key, unique constraints and unique indexes include company_id, its foreign keys to other
 * company tables are on (company_id, …), and no reference table points at a company table. A lookup
 * by id inside a company walks the primary key.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { referenceTables } from "../../src/server/db/distribution.js";
import { useApp } from "./harness.js";

const h = useApp();

interface Key { table: string; name: string; kind: string; columns: string[]; target: string | null; target_columns: string[] | null }

let companyTables: string[] = [];
let keys: Key[] = [];

beforeAll(async () => {
  const tables = await sql<{ name: string; scoped: boolean }>`
    SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped) AS scoped
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`.execute(h.database.db);
  companyTables = tables.rows.filter((t) => t.scoped && !(t.name in referenceTables)).map((t) => t.name).sort();
  const columnNames = (relation: string, numbers: string) =>
    `ARRAY(SELECT a.attname::text FROM unnest(${numbers}) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.n ORDER BY k.i)`;
  // constraints, and unique indexes that no constraint owns (CREATE UNIQUE INDEX)
  keys = (await sql<Key>`
    SELECT co.conrelid::regclass::text AS "table", co.conname AS name, co.contype::text AS kind,
      ${sql.raw(columnNames("co.conrelid", "co.conkey"))} AS columns,
      CASE WHEN co.contype = 'f' THEN co.confrelid::regclass::text END AS target,
      CASE WHEN co.contype = 'f' THEN ${sql.raw(columnNames("co.confrelid", "co.confkey"))} END AS target_columns
    FROM pg_constraint co JOIN pg_namespace n ON n.oid = co.connamespace
    WHERE n.nspname = 'public' AND co.contype IN ('p', 'u', 'f')
    UNION ALL
    SELECT i.indrelid::regclass::text, i.indexrelid::regclass::text, 'unique index', ${sql.raw(columnNames("i.indrelid", "i.indkey::int2[]"))}, NULL, NULL
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND i.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint co WHERE co.conindid = i.indexrelid)`.execute(h.database.db)).rows;
});

describe("keys a database distributed by company needs", () => {
  it("finds the company tables", () => {
    expect(companyTables.length).toBeGreaterThan(50);
    expect(companyTables).toEqual(expect.arrayContaining(["invoices", "vendors", "payments", "activities"]));
  });

  it("every company table's primary key is (company_id, id)", () => {
    const primary = new Map(keys.filter((k) => k.kind === "p").map((k) => [k.table, k.columns]));
    const wrong = companyTables.filter((t) => JSON.stringify(primary.get(t)) !== JSON.stringify(["company_id", "id"]));
    expect(wrong.map((t) => `${t}: ${primary.get(t)?.join(", ") ?? "no primary key"}`)).toEqual([]);
  });

  it("every unique constraint and unique index of a company table includes company_id", () => {
    const wrong = keys.filter((k) => companyTables.includes(k.table) && (k.kind === "u" || k.kind === "unique index") && !k.columns.includes("company_id"));
    expect(wrong.map((k) => `${k.table}.${k.name} (${k.columns.join(", ")})`)).toEqual([]);
  });

  it("a company table's foreign key to another company table is on company_id and the column; reference tables point at no company table", () => {
    const wrong = keys.filter((k) => k.kind === "f" && companyTables.includes(k.target!) && (
      !companyTables.includes(k.table) || k.columns[0] !== "company_id" || k.target_columns?.[0] !== "company_id" || k.columns.length < 2
    ));
    expect(wrong.map((k) => `${k.table}.${k.name} (${k.columns.join(", ")}) → ${k.target} (${k.target_columns?.join(", ")})`)).toEqual([]);
    // the foreign keys are there at all: e.g. an invoice's vendor
    expect(keys).toContainEqual(expect.objectContaining({ table: "invoices", kind: "f", columns: ["company_id", "vendor_id"], target: "vendors", target_columns: ["company_id", "id"] }));
  });

  it("a lookup by id inside a company uses the primary key's index", async () => {
    const acme = await h.companyId("Acme Corp");
    const plan = await h.database.db.transaction().execute(async (trx) => {
      // the demo's tables are small enough for a sequential scan: ask which index would serve
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return (await sql<{ "QUERY PLAN": string }>`EXPLAIN SELECT * FROM invoices WHERE company_id = ${acme} AND id = 1`.execute(trx)).rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Scan using invoices_pkey/);
  });
});
