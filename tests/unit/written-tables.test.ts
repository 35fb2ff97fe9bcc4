/** The tables a statement writes, read from the statement (src/server/db/written-tables.ts). */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { tablesWrittenBy } from "../../src/server/db/written-tables.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const written = (node: Parameters<typeof tablesWrittenBy>[0]) => [...tablesWrittenBy(node)].sort();

describe("tables written by a statement", () => {
  it("reads built inserts, updates, deletes and CTEs; a select writes nothing", () => {
    expect(written(db.insertInto("invoices").values({ number: "1" }).toOperationNode())).toEqual(["invoices"]);
    expect(written(db.updateTable("payments as p").set({ status: "PAID" }).where("p.id", "=", 1).toOperationNode())).toEqual(["payments"]);
    expect(written(db.deleteFrom("approvals").where("id", "=", 1).toOperationNode())).toEqual(["approvals"]);
    expect(written(db.selectFrom("invoices").selectAll().forUpdate().toOperationNode())).toEqual([]);
    const cte = db.with("moved", (q) => q.updateTable("invoices").set({ status: "PAID" }).returning("id"))
      .insertInto("activities").expression(db.selectFrom("moved").select("id")).toOperationNode();
    expect(written(cte)).toEqual(["activities", "invoices"]);
  });

  it("reads raw SQL, not mistaking FOR UPDATE or ON CONFLICT DO UPDATE for a table", () => {
    const raw = sql`insert into payment_run_items (id) select id from invoices for update skip locked
      on conflict (id) do update set id = excluded.id`;
    expect(written(raw.toOperationNode())).toEqual(["payment_run_items"]);
    expect(written(sql`update ${sql.table("purchase_orders")} as t set x = 1`.toOperationNode())).toEqual(["purchase_orders"]);
    expect(written(sql`with d as (delete from "notifications" where id = ${1} returning id) select * from d`.toOperationNode())).toEqual(["notifications"]);
    expect(written(sql`select * from invoices where id = ${1} for update of invoices`.toOperationNode())).toEqual([]);
  });
});
