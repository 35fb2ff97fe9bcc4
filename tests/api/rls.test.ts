/**
 * The second tenant wall (row-level security, PostgreSQL only): statements on the app's connections
 * see and write only the rows of the company set for them, even when they forget their company
 * filter; every company-scoped table is behind the wall; the API works as a role that owns nothing.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { forCompany } from "../../src/server/db/row-security.js";
import { inTransaction } from "../../src/server/db/unit-of-work.js";
import { useApp } from "./harness.js";
import { usePostgres } from "./template.js";

const h = useApp();
let acme = 0;
let globex = 0;
beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  globex = await h.companyId("Globex Ltd");
});

// PGlite is one process and one tenant, running as its superuser: row-level security does not apply
// there (superusers pass it), and the query layer is its only wall (docs/architecture.md)
describe.skipIf(!usePostgres)("row-level security on PostgreSQL", () => {
  const companiesOf = async (db: typeof h.database.app, table: string) =>
    (await sql<{ company_id: number }>`SELECT DISTINCT company_id FROM ${sql.table(table)}`.execute(db)).rows.map((r) => r.company_id);

  it("a query missing its company filter returns only the company set", async () => {
    // the owner sees both companies: the data is there to leak
    expect((await companiesOf(h.database.db, "invoices")).sort()).toEqual([acme, globex].sort());
    const asAcme = forCompany(h.database.app, acme);
    for (const table of ["invoices", "vendors", "contacts", "payments", "activities"]) {
      expect(await companiesOf(asAcme, table)).toEqual([acme]);
    }
    const invoices = await asAcme.selectFrom("invoices").select("company_id").where("company_id", "=", globex).execute();
    expect(invoices).toEqual([]);
    expect(await companiesOf(forCompany(h.database.app, globex), "invoices")).toEqual([globex]);
  });

  it("with no company set, no company rows at all", async () => {
    for (const table of ["invoices", "vendors", "contacts"]) expect(await companiesOf(h.database.app, table)).toEqual([]);
    // a connection that served a company forgets it when taken without one
    await companiesOf(forCompany(h.database.app, acme), "invoices");
    const counts = await Promise.all(Array.from({ length: 12 }, () => companiesOf(h.database.app, "invoices")));
    expect(counts.flat()).toEqual([]);
  });

  it("refuses a row of another company, inserted or moved there", async () => {
    const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", globex).executeTakeFirstOrThrow();
    const asAcme = forCompany(h.database.app, acme);
    await expect(asAcme.insertInto("categories").values({ company_id: globex, name: "Smuggled" }).execute())
      .rejects.toThrow(/row-level security/);
    // a transaction of the unit of work sets its company itself, whatever connection it gets
    await expect(inTransaction({ db: h.database.app, company: { id: acme } }, (trx) =>
      trx.insertInto("categories").values({ company_id: globex, name: "Smuggled" }).execute())).rejects.toThrow(/row-level security/);
    const own = await asAcme.selectFrom("categories").select("id").where("company_id", "=", acme).executeTakeFirstOrThrow();
    await expect(asAcme.updateTable("categories").set({ company_id: globex }).where("id", "=", own.id).execute()).rejects.toThrow(/row-level security/);
    // another company's row cannot be touched: it is not there
    const updated = await asAcme.updateTable("vendors").set({ name: "Renamed" }).where("id", "=", vendor.id as number).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(0);
    expect(await h.database.db.selectFrom("categories").select("id").where("name", "=", "Smuggled").execute()).toEqual([]);
  });

  it("every table with a company_id is behind the wall, forced, with the tenant policy", async () => {
    const tables = await sql<{ table: string; enabled: boolean; forced: boolean; policy: string | null }>`
      SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
             (SELECT p.qual FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname AND p.policyname = c.relname || '_tenant') AS policy
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped)
      ORDER BY 1`.execute(h.database.db);
    expect(tables.rows.length).toBeGreaterThan(50);
    const outside = tables.rows.filter((t) => !t.enabled || !t.forced || !t.policy?.includes("current_setting('app.company_id'::text, true)"));
    expect(outside.map((t) => t.table)).toEqual([]);
  });

  it("the API's connections are a role that owns no table and cannot pass the wall", async () => {
    const me = (await sql<{ user: string; bypass: boolean; super: boolean }>`
      SELECT current_user AS user, rolbypassrls AS bypass, rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(h.database.app)).rows[0];
    expect(me).toEqual({ user: "outlay_app", bypass: false, super: false });
    const owned = await sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user`.execute(h.database.app);
    expect(owned.rows).toEqual([]);
  });

  it("a request sees its own company only, and its writes land there", async () => {
    const headers = await h.login("admin@globex.test");
    const list = await h.app.inject({ method: "GET", url: "/api/invoices?_end=1000", headers });
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((r: { id: number }) => r.id);
    const globexIds = (await h.database.db.selectFrom("invoices").select("id").where("company_id", "=", globex).execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id: number) => globexIds.includes(id))).toBe(true);
    const created = await h.app.inject({ method: "POST", url: "/api/categories", headers, payload: { name: "Walled" } });
    expect(created.statusCode).toBe(201);
    const row = await h.database.db.selectFrom("categories").select("company_id").where("id", "=", created.json().data.id).executeTakeFirstOrThrow();
    expect(row.company_id).toBe(globex);
  });
});
