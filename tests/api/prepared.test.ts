/**
 * Prepared reads (src/server/db/prepared.ts), on both databases: a read repeated on a connection is
 * prepared once and answers as before; a read prepared before a schema change that alters its result
 * still answers (sent again unnamed), and reads inside a transaction are never prepared.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../src/server/db/connect.js";
import { forCompany } from "../../src/server/db/row-security.js";
import { useApp } from "./harness.js";

const h = useApp();
let db: DB;
beforeAll(async () => {
  db = forCompany(h.database.app, await h.companyId("Acme Corp"));
});

const preparedLike = async (run: DB, text: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${text}`.execute(run)).rows[0].n;

describe("prepared reads", () => {
  it("prepare a repeated read once on its connection and answer it the same each time", async () => {
    const read = () => db.selectFrom("vendors").select(["id", "name"]).where("name", "like", "%Office%").orderBy("id").execute();
    const first = await read();
    expect(first.length).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await read()).toEqual(first);
    // sequential reads reuse one idle connection: there the statement is prepared, once
    expect(await preparedLike(db, `select "id", "name" from "vendors" where "name" like $1 order by "id"%`)).toBe(1);
  });

  it("answer a prepared read after a schema change altered its result", async () => {
    await sql`create table prepared_probe (id integer primary key)`.execute(h.database.db);
    await sql`insert into prepared_probe values (1), (2)`.execute(h.database.db);
    const read = async () => (await sql<Record<string, unknown>>`select * from prepared_probe order by id`.execute(db)).rows;
    expect(await read()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await read()).toEqual([{ id: 1 }, { id: 2 }]);
    await sql`alter table prepared_probe add column label text default 'x'`.execute(h.database.db);
    expect(await read()).toEqual([{ id: 1, label: "x" }, { id: 2, label: "x" }]);
    expect(await read()).toEqual([{ id: 1, label: "x" }, { id: 2, label: "x" }]);
  });

  it("leave the reads of a transaction unnamed", async () => {
    const text = "select 'only in a transaction' as probe";
    await db.transaction().execute(async (trx) => {
      await sql.raw(text).execute(trx);
      await sql.raw(text).execute(trx);
      expect(await preparedLike(trx, text)).toBe(0);
    });
  });
});
