/**
 * SQL from the difference between two table models: what `npm run db:generate` writes into a
 * migration file. It only adds (tables, columns, indexes, constraints); a removed or retyped column
 * is reported as a comment, to be migrated by hand, so that no generated migration destroys data.
 */
import { rowSecuritySql } from "./row-security.js";
import type { ColumnModel, TableModel } from "./tables.js";

const q = (name: string) => `"${name}"`;

function columnSql(c: ColumnModel): string {
  let sql = `${q(c.name)} ${c.type}`;
  if (c.default !== undefined) sql += ` DEFAULT ${c.default}`;
  if (c.notNull && !c.type.includes("primary key")) sql += " NOT NULL";
  return sql;
}

const isScoped = (t: TableModel) => t.columns.some((c) => c.name === "company_id");

/**
 * The one rule of the tenant keys: a company's table (one with company_id) has the primary key
 * (company_id, id), its unique constraints and indexes lead with company_id and its foreign keys to
 * other company tables are (company_id, column) → (company_id, id). That is what a database
 * distributed by company (Citus, docs/deploy-postgresql.md) requires, and a lookup by id inside a
 * company still walks the primary key's index.
 */
function primaryKeySql(table: TableModel): string {
  return `CONSTRAINT ${q(`${table.name}_pkey`)} PRIMARY KEY ("company_id", "id")`;
}

/**
 * A company's table made before the rule (primary key id alone, plus unique (company_id, id) for the
 * foreign keys) gets the primary key (company_id, id). The foreign keys that point at it hang on the
 * index they were made with: they are dropped and made again from the catalogue
 * (pg_get_constraintdef). A function of the migration's session (pg_temp), called once per table.
 */
const tenantPrimaryKeyFunction = `CREATE OR REPLACE FUNCTION pg_temp.tenant_primary_key(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fk record;
  again text[] := '{}';
  statement text;
  name text := (SELECT relname FROM pg_class WHERE oid = tbl);
BEGIN
  FOR fk IN SELECT conrelid::regclass AS owner, conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE contype = 'f' AND confrelid = tbl LOOP
    again := again || format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk.owner, fk.conname, fk.definition);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.owner, fk.conname);
  END LOOP;
  EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', tbl, name || '_pkey');
  EXECUTE format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', tbl, name || '_company_id_id_key');
  EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I PRIMARY KEY (company_id, id)', tbl, name || '_pkey');
  FOREACH statement IN ARRAY again LOOP EXECUTE statement; END LOOP;
END $$;`;

const isPrimaryKeyOnIdAlone = (column: ColumnModel) => column.name === "id" && column.type.endsWith(" primary key");
/** A company's table under the rule; not a table whose company_id is an optional attribute, e.g. job_queue (its id is declared its key). */
const hasTenantKey = (t: TableModel) => isScoped(t) && !t.columns.some(isPrimaryKeyOnIdAlone);

function indexName(table: string, columns: string[]): string {
  return `${table}_${columns.map((c) => c.replace("gin:", "")).join("_")}_idx`;
}

function indexSql(table: string, columns: string[]): string {
  const gin = columns[0].startsWith("gin:");
  const cols = columns.map((c) => q(c.replace("gin:", ""))).join(", ");
  return `CREATE INDEX ${q(indexName(table, columns))} ON ${q(table)}${gin ? " USING gin" : ""} (${cols});`;
}

/** Tenant-safe foreign keys: between company-scoped tables the key includes company_id. */
function foreignKeySql(table: TableModel, column: ColumnModel, byName: Map<string, TableModel>): string | undefined {
  if (!column.references) return undefined;
  const target = byName.get(column.references);
  if (!target) throw new Error(`${table.name}.${column.name} references unknown table ${column.references}`);
  const name = q(`${table.name}_${column.name}_fkey`);
  if (column.name !== "company_id" && isScoped(table) && hasTenantKey(target)) {
    return `ALTER TABLE ${q(table.name)} ADD CONSTRAINT ${name} FOREIGN KEY ("company_id", ${q(column.name)}) REFERENCES ${q(target.name)} ("company_id", "id");`;
  }
  return `ALTER TABLE ${q(table.name)} ADD CONSTRAINT ${name} FOREIGN KEY (${q(column.name)}) REFERENCES ${q(target.name)} ("id");`;
}

function uniqueSql(table: TableModel, column: ColumnModel): string {
  const cols = isScoped(table) ? `"company_id", ${q(column.name)}` : q(column.name);
  return `ALTER TABLE ${q(table.name)} ADD CONSTRAINT ${q(`${table.name}_${column.name}_key`)} UNIQUE (${cols});`;
}

export function diffTables(previous: readonly TableModel[], next: readonly TableModel[]): string[] {
  const before = new Map(previous.map((t) => [t.name, t]));
  const byName = new Map(next.map((t) => [t.name, t]));
  const statements: string[] = [];
  const constraints: string[] = [];

  for (const table of next) {
    const old = before.get(table.name);
    if (!old) {
      const parts = [...table.columns.map(columnSql), ...(hasTenantKey(table) ? [primaryKeySql(table)] : [])];
      statements.push(`CREATE TABLE ${q(table.name)} (\n  ${parts.join(",\n  ")}\n);`);
      // the second tenant wall (row-security.ts) from the table's first migration on
      if (isScoped(table)) statements.push(...rowSecuritySql(table.name));
      for (const column of table.columns) {
        const fk = foreignKeySql(table, column, byName);
        if (fk) constraints.push(fk);
        if (column.unique) constraints.push(uniqueSql(table, column));
      }
      for (const index of table.indexes) statements.push(indexSql(table.name, index));
      continue;
    }
    const oldColumns = new Map(old.columns.map((c) => [c.name, c]));
    for (const column of table.columns) {
      const was = oldColumns.get(column.name);
      if (was && isPrimaryKeyOnIdAlone(was) && hasTenantKey(table)) {
        if (!statements.includes(tenantPrimaryKeyFunction)) statements.push(tenantPrimaryKeyFunction);
        statements.push(`SELECT pg_temp.tenant_primary_key('${q(table.name)}');`);
      } else if (!was) {
        // a new NOT NULL column without default cannot be added to a table with rows: add it nullable
        const addable = column.notNull && column.default === undefined ? { ...column, notNull: false } : column;
        statements.push(`ALTER TABLE ${q(table.name)} ADD COLUMN ${columnSql(addable)};`);
        const fk = foreignKeySql(table, column, byName);
        if (fk) constraints.push(fk);
        if (column.unique) constraints.push(uniqueSql(table, column));
      } else if (was.type !== column.type || was.notNull !== column.notNull) {
        statements.push(`-- ${table.name}.${column.name} changed (${was.type}${was.notNull ? " not null" : ""} → ${column.type}${column.notNull ? " not null" : ""}): migrate by hand`);
      }
    }
    for (const name of oldColumns.keys()) {
      if (!table.columns.some((c) => c.name === name)) statements.push(`-- ${table.name}.${name} is no longer in the schema: drop it by hand when its data is safe to lose`);
    }
    const oldIndexes = new Set(old.indexes.map((i) => i.join(",")));
    for (const index of table.indexes) if (!oldIndexes.has(index.join(","))) statements.push(indexSql(table.name, index));
  }
  return [...statements, ...constraints];
}
