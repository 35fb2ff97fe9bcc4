/** The activity row of an identity step taken outside a request of the company (an e-mailed link, a sign-in). */
import type { DB } from "../../db/connect.js";

export async function identityActivity(trx: DB, companyId: number, item: { type: "contacts" | "users"; id: number }, userId: number | null, changes: object): Promise<void> {
  await trx.insertInto("activities").values({
    company_id: companyId, event: "update", item_type: item.type, item_id: item.id, user_id: userId, changes: JSON.stringify(changes),
  }).execute();
}
