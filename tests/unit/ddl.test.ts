import { describe, expect, it } from "vitest";
import { diffTables } from "../../src/server/db/ddl.js";
import { columnsOf, type TableModel } from "../../src/server/db/tables.js";

const schema = {
  required: ["name"],
  properties: {
    name: { type: "string" },
    amount: { type: "string", format: "money", default: "0" },
    due: { type: ["string", "null"], format: "date" },
    owner_id: { type: "integer", "x-references": "owners" },
    tags: { type: "array", items: { type: "string" } },
  },
};

const companies: TableModel = { name: "companies", columns: columnsOf({ properties: {} }, false), indexes: [] };
const owners: TableModel = { name: "owners", columns: columnsOf({ properties: {} }, true), indexes: [] };
const things: TableModel = { name: "things", columns: columnsOf(schema, true), indexes: [["company_id", "name"]] };

describe("migration generator", () => {
  it("creates tables with types, defaults, tenant-safe keys and indexes", () => {
    const sql = diffTables([companies, owners], [companies, owners, things]).join("\n");
    expect(sql).toContain('"amount" numeric(18,2) DEFAULT \'0\' NOT NULL');
    expect(sql).toContain('"due" date,');
    expect(sql).toContain('"tags" text[]');
    expect(sql).toContain('FOREIGN KEY ("company_id", "owner_id") REFERENCES "owners" ("company_id", "id")');
    expect(sql).toContain('CREATE INDEX "things_company_id_name_idx" ON "things" ("company_id", "name");');
  });

  it("puts a new company-scoped table behind row-level security, and only those", () => {
    const statements = diffTables([], [companies, owners, things]);
    for (const table of ["owners", "things"]) {
      expect(statements).toContain(`ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY;`);
      expect(statements).toContain(`ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY;`);
      expect(statements.some((s) => s.startsWith(`CREATE POLICY "${table}_tenant" ON "${table}" USING (company_id = NULLIF(current_setting('app.company_id', true), '')::integer)`))).toBe(true);
    }
    expect(statements.some((s) => s.includes('"companies" ENABLE ROW LEVEL SECURITY'))).toBe(false);
  });

  it("only adds: new columns nullable, removals and type changes left as comments", () => {
    const next: TableModel = { ...things, columns: [...things.columns.filter((c) => c.name !== "tags"), { name: "code", type: "text", notNull: true }] };
    next.columns = next.columns.map((c) => (c.name === "due" ? { ...c, type: "timestamptz" } : c));
    const statements = diffTables([companies, owners, things], [companies, owners, next]);
    expect(statements).toContain('ALTER TABLE "things" ADD COLUMN "code" text;');
    expect(statements.some((s) => s.startsWith("-- things.tags is no longer in the schema"))).toBe(true);
    expect(statements.some((s) => s.startsWith("-- things.due changed"))).toBe(true);
    expect(statements.some((s) => /DROP/.test(s) && !s.startsWith("--"))).toBe(false);
    expect(diffTables([companies, owners, things], [companies, owners, things])).toEqual([]);
  });
});
