/**
 * The unit of work (src/server/db/unit-of-work.ts): the tables a transaction wrote are announced to
 * the caches only once it has committed, never for a rolled-back one; a unit started inside another
 * joins it; after-commit work runs after the commit and its failure does not undo it.
 */
import { describe, expect, it } from "vitest";
import { inTransaction, type UnitContext } from "../../src/server/db/unit-of-work.js";
import { onTablesWritten } from "../../src/server/db/written-tables.js";
import { useApp } from "./harness.js";

const h = useApp();

const announced: string[][] = [];
onTablesWritten((tables) => announced.push([...tables].sort()));

const note = (db = h.database.db) => db.insertInto("categories").values({ company_id: 1, name: `uow ${Math.random()}` }).returning("id").executeTakeFirstOrThrow();

describe("unit of work", () => {
  it("announces the tables written after the commit, once, and nothing for a rollback", async () => {
    announced.length = 0;
    await inTransaction({ db: h.database.db }, async (trx) => {
      await note(trx);
      await trx.updateTable("categories").set({ updated_at: new Date() }).where("id", "=", -1).execute();
      expect(announced).toEqual([]);
    });
    expect(announced).toEqual([["categories"]]);

    announced.length = 0;
    await expect(inTransaction({ db: h.database.db }, async (trx) => {
      await note(trx);
      throw new Error("rolled back");
    })).rejects.toThrow("rolled back");
    expect(announced).toEqual([]);

    // outside a unit, a statement is announced as soon as it succeeds
    await note();
    expect(announced).toEqual([["categories"]]);
  });

  it("joins an enclosing unit and runs after-commit work after the commit", async () => {
    announced.length = 0;
    const order: string[] = [];
    await inTransaction<UnitContext, void>({ db: h.database.db }, async (trx, outer) => {
      await inTransaction(outer, async (inner) => {
        expect(inner).toBe(trx);
        await note(inner);
        outer.unit!.afterCommit.push(async () => {
          order.push(`after commit, announced ${JSON.stringify(announced)}`);
          throw new Error("a failing after-commit step is logged, not thrown");
        });
      });
      order.push("work done");
    });
    expect(order).toEqual(["work done", 'after commit, announced [["categories"]]']);
  });
});
