/** The job queue depth reported by /metrics: for now the mail outbox's pending messages (re-point when a jobs table exists). */
import type { DB } from "../db/connect.js";
import { count } from "../db/connect.js";
import { systemDb } from "../db/row-security.js";

export async function queueDepth(db: DB): Promise<number> {
  // every company's pending mail: counted past the row-level wall (a number, no company's data)
  const row = await systemDb(db).selectFrom("mail_messages").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "pending").executeTakeFirst();
  return count(row?.n);
}
