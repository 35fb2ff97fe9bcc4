/**
 * Bulk inserts keep the planner's statistics current where no autovacuum does (PGlite), so that the
 * foreign-key checks of the rows inserted next go through the key (src/server/db/maintenance.ts
 * analyzeAfterBulkInsert). Statistics are observed through pg_class.reltuples, which only VACUUM
 * and ANALYZE set.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { insertRows } from "../../src/server/db/bulk.js";
import type { DB } from "../../src/server/db/connect.js";
import { useApp } from "./harness.js";

const h = useApp();
let tags = 0;

let acme: number;
beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
});

async function vendors(db: DB, count: number): Promise<void> {
  const tag = `STAT${++tags}`;
  await insertRows(db, "vendors", Array.from({ length: count }, (_, n) => ({ company_id: acme, name: `${tag} Vendor ${n + 1}`, status: "ACTIVE", vendor_type: "COMPANY" })));
}

async function counted(db: DB): Promise<{ reltuples: number; rows: number }> {
  const stats = await sql<{ reltuples: number }>`select reltuples from pg_class where oid = 'vendors'::regclass`.execute(db);
  const rows = await db.selectFrom("vendors").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return { reltuples: Number(stats.rows[0].reltuples), rows: Number(rows.n) };
}

describe("bulk inserts analyze the table they grew", () => {
  it("fewer than 50 rows: no ANALYZE (autovacuum's threshold)", async () => {
    const before = await counted(h.database.db);
    await vendors(h.database.db, 10);
    const after = await counted(h.database.db);
    expect(after.rows).toBe(before.rows + 10);
    expect(after.reltuples).toBe(before.reltuples);
  });

  it("50 rows + 10 % of the known rows, outside a transaction: the table is analyzed and its row count known", async () => {
    const before = await counted(h.database.db);
    await vendors(h.database.db, Math.ceil(50 + 0.1 * Math.max(0, before.reltuples)));
    const after = await counted(h.database.db);
    expect(after.reltuples).toBe(after.rows);
  });

  it("a second bulk insert below 10 % of the table's known rows leaves the statistics as they were", async () => {
    const before = await counted(h.database.db);
    await vendors(h.database.db, Math.floor(before.reltuples * 0.1) + 49);
    expect((await counted(h.database.db)).reltuples).toBe(before.reltuples);
  });

  it("in a transaction: PGlite analyzes, counting the transaction's own rows; PostgreSQL leaves it to autovacuum", async () => {
    const before = await counted(h.database.db);
    const inside = await h.database.db.transaction().execute(async (trx) => {
      await vendors(trx, before.rows + 60);
      return counted(trx);
    });
    if (h.database.kind === "pglite") expect(inside.reltuples).toBe(inside.rows);
    else expect(inside.reltuples).toBe(before.reltuples);
  });
});
