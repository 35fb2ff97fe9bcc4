/**
 * The unit of work: every write path runs in `inTransaction`, which owns
 * - the transaction (a unit started inside another joins it: one transaction, one commit);
 * - the tables written, recorded from the statements themselves (written-tables.ts) and announced
 *   to the caches only once the transaction has committed;
 * - work that belongs to the commit: `beforeCommit` steps write inside the transaction after the
 *   unit's own work (e.g. the mail outbox), `afterCommit` steps run once it has committed (e.g. mail
 *   delivery) and never undo it: their failures are logged;
 * - on PostgreSQL, the company of the transaction: `set_config('app.company_id', …, true)` for the
 *   row-level security policies (row-security.ts), whatever connection the transaction got.
 */
import type { DB } from "./connect.js";
import { behindWall, setTransactionCompany } from "./row-security.js";
import { announceWritten, unitTables } from "./written-tables.js";

export interface Unit {
  /** the database outside the transaction, for after-commit work */
  db: DB;
  beforeCommit: ((trx: DB) => Promise<void>)[];
  afterCommit: (() => Promise<void>)[];
}

export interface UnitContext {
  db: DB;
  /** set inside inTransaction: the unit the context's `db` (then a transaction) belongs to */
  unit?: Unit;
  /** the company the work is for (a request's); its transaction sees only this company's rows */
  company?: { id: number };
}

export async function inTransaction<C extends UnitContext, T>(ctx: C, work: (trx: DB, tctx: C) => Promise<T>): Promise<T> {
  if (ctx.unit) return work(ctx.db, ctx);
  const unit: Unit = { db: ctx.db, beforeCommit: [], afterCommit: [] };
  const tables = new Set<string>();
  const company = behindWall(ctx.db) ? ctx.company?.id : undefined;
  const result = await unitTables.run(tables, () => ctx.db.transaction().execute(async (trx) => {
    if (company !== undefined) await setTransactionCompany(trx, company);
    const result = await work(trx, { ...ctx, db: trx, unit });
    // a step may add steps (none does today); each runs once
    for (let i = 0; i < unit.beforeCommit.length; i++) await unit.beforeCommit[i](trx);
    return result;
  }));
  announceWritten(tables);
  for (const step of unit.afterCommit) await step().catch((error: unknown) => console.error("after-commit work failed", error));
  return result;
}
