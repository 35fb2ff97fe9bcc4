/**
 * Identity work done outside a request of the company (an e-mailed link, a sign-up, a sign-in):
 * one unit of work bound to the company, and the actor its links, mail and audit rows are written as.
 */
import type { DB } from "../../db/connect.js";
import { forCompany } from "../../db/row-security.js";
import { inTransaction, type UnitContext } from "../../db/unit-of-work.js";
import type { Ctx } from "../../resources/context.js";

export type Actor = Pick<Ctx, "company" | "user" | "unit">;

export function actingFor<T>(db: DB, company: { id: number; name: string }, userId: number | null, work: (trx: DB, actor: Actor) => Promise<T>): Promise<T> {
  const unitCtx: UnitContext = { db: forCompany(db, company.id), company: { id: company.id } };
  return inTransaction(unitCtx, (trx, tctx) =>
    work(trx, { company: company as Ctx["company"], user: { id: userId } as Ctx["user"], unit: tctx.unit }));
}
