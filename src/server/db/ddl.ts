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
  if (column.name !== "company_id" && isScoped(table) && isScoped(target)) {
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
      statements.push(`CREATE TABLE ${q(table.name)} (\n  ${table.columns.map(columnSql).join(",\n  ")}\n);`);
      if (isScoped(table)) {
        statements.push(`ALTER TABLE ${q(table.name)} ADD CONSTRAINT ${q(`${table.name}_company_id_id_key`)} UNIQUE ("company_id", "id");`);
        // the second tenant wall (row-security.ts) from the table's first migration on
        statements.push(...rowSecuritySql(table.name));
      }
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
      if (!was) {
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
