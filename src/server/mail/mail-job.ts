/**
 * Mail delivery as jobs: one `mail-delivery` job per message, enqueued in the transaction that writes
 * the message (outbox.ts), so the outbox row (the durable record) and its job commit together. The
 * job completes once its message is sent or stored and throws otherwise, so an unreachable SMTP
 * server makes the job retry with backoff (src/server/jobs/) until the message goes or the job fails
 * after its last attempt; "run again" on the failed job tries once more. At start, the runner sweeps
 * messages left pending (written by a process without a runner, e.g. MAIL_DELIVERY=off) into jobs.
 */
import type { DB } from "../db/connect.js";
import type { Jobs } from "../jobs/jobs.js";
import { deliverMail } from "./deliver.js";
import type { MailTransport } from "./transport.js";

export const mailJob = "mail-delivery";

/** The job of message `id` (keyed, so that a sweep never queues a second one while one waits). */
export const mailJobOf = (id: number, companyId: number) => ({ data: { message_id: id, company_id: companyId }, singletonKey: `mail:${id}` });

export async function enqueueMail(jobs: Jobs, db: DB, companyId: number, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    const { data, singletonKey } = mailJobOf(id, companyId);
    await jobs.send(mailJob, data, { singletonKey, db });
  }
}

/** Register the delivery worker and queue a job for every message still waiting. */
export async function workMail(jobs: Jobs, db: DB, transport?: MailTransport): Promise<void> {
  await jobs.work(mailJob, async ({ data }) => {
    const id = Number(data.message_id);
    await deliverMail(db, { ids: [id], transport });
    const row = await db.selectFrom("mail_messages").select(["status", "error"]).where("id", "=", id).executeTakeFirst();
    if (!row) return; // the message is gone: nothing to deliver
    if (row.status !== "sent" && row.status !== "stored") throw new Error(row.status === "sending" ? "being delivered by another process" : String(row.error ?? row.status));
  });
  const waiting = await db.selectFrom("mail_messages").select(["id", "company_id"]).where("status", "in", ["pending", "sending"]).orderBy("id").execute();
  for (const row of waiting) {
    const { data, singletonKey } = mailJobOf(row.id, row.company_id);
    await jobs.send(mailJob, data, { singletonKey });
  }
}
