/**
 * Identity work done outside a request of the company (an e-mailed link, a sign-up, a sign-in):
 * one unit of work bound to the company, and the actor its links, mail and audit rows are written as.
 */
import type { DB } from "../../db/connect.js";
import { forCompany, systemDb } from "../../db/row-security.js";
import { inTransaction, type UnitContext } from "../../db/unit-of-work.js";
import type { Ctx } from "../../resources/context.js";

export type Actor = Pick<Ctx, "company" | "user" | "unit">;

/** `company` by id (its name, which mail signs with, is read) or with its name already known. */
export function actingFor<T>(db: DB, company: number | { id: number; name: string }, userId: number | null, work: (trx: DB, actor: Actor) => Promise<T>): Promise<T> {
  const companyId = typeof company === "number" ? company : company.id;
  const unitCtx: UnitContext = { db: forCompany(db, companyId), company: { id: companyId } };
  return inTransaction(unitCtx, async (trx, tctx) => {
    const named = typeof company === "number"
      ? await systemDb(trx).selectFrom("companies").select(["id", "name"]).where("id", "=", companyId).executeTakeFirstOrThrow()
      : company;
    return work(trx, { company: named as Ctx["company"], user: { id: userId } as Ctx["user"], unit: tctx.unit });
  });
}
