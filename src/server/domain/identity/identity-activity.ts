/** The activity row of an identity step taken outside a request of the company (an e-mailed link, a sign-in). */
import type { DB } from "../../db/connect.js";
import { forCompany } from "../../db/row-security.js";

export async function identityActivity(trx: DB, companyId: number, item: { type: "contacts" | "users"; id: number }, userId: number | null, changes: object): Promise<void> {
  await trx.insertInto("activities").values({
    company_id: companyId, event: "update", item_type: item.type, item_id: item.id, user_id: userId, changes: JSON.stringify(changes),
  }).execute();
}

export type SignInEvent = "succeeded" | "failed" | "throttled" | "refused: locked" | "refused: single sign-on enforced";

/**
 * A sign-in event of a login, in the audit log of its current company (whose administrators answer
 * for it). An address without an account has no company: its attempts are only counted (throttle).
 */
export async function signInActivity(db: DB, user: { id: number; current_company_id: number | null }, event: SignInEvent, address: string): Promise<void> {
  if (user.current_company_id === null) return;
  await identityActivity(forCompany(db, user.current_company_id), user.current_company_id, { type: "users", id: user.id },
    event === "succeeded" ? user.id : null, { sign_in: event, address });
}
