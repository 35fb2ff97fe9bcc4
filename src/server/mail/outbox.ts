/**
 * E-mail that belongs to a write goes through a durable outbox: queueMail collects it in the
 * transaction's ctx, and inTransaction writes it into mail_messages (pending) INSIDE that transaction,
 * just before the commit — so a rolled-back write sends nothing, and a committed one keeps its mail
 * even if the process dies right after the commit. With it, in the same transaction, goes a delivery job
 * per message (mail-job.ts), which retries until the message is delivered; a failure to send never
 * fails the request that queued it.
 *
 *   await inTransaction(ctx, async (trx, tctx) => { …; queueMail(tctx, { to, subject, text }); });
 */
import { config } from "../config.js";
import type { DB } from "../db/connect.js";
import { insertRows } from "../db/bulk.js";
import type { Ctx } from "../resources/context.js";
import { tablesWritten } from "../resources/written.js";
import { currentJobs } from "../jobs/jobs.js";
import { deliverMail } from "./deliver.js";
import { enqueueMail } from "./mail-job.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
  /** the record the message is about, e.g. { type: "Invoice", id: 12 } */
  related?: { type: string; id: number };
}

/** Queue a message to be written with the transaction `ctx` belongs to (see inTransaction). */
export function queueMail(ctx: Ctx, mail: Mail): void {
  if (!ctx.outbox) throw new Error("queueMail needs the ctx of inTransaction: mail is written with its transaction");
  ctx.outbox.push(mail);
}

const contentType = (filename: string) => (filename.toLowerCase().endsWith(".pdf") ? "application/pdf" : filename.toLowerCase().endsWith(".csv") ? "text/csv" : "text/plain");

/** Write `mails` into mail_messages as pending, inside the caller's transaction; returns their ids. */
export async function writeOutbox(trx: DB, companyId: number, mails: readonly Mail[]): Promise<number[]> {
  const rows = await insertRows(trx, "mail_messages", mails.map((mail) => {
    const attachments = (mail.attachments ?? []).map((a) => ({ ...a, contentType: a.contentType ?? contentType(a.filename), content: Buffer.from(a.content) }));
    return {
      company_id: companyId, to: mail.to, subject: mail.subject, text: mail.text, status: "pending",
      attachments: JSON.stringify(attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size: a.content.length }))),
      attachment_content: attachments.length ? JSON.stringify(attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, base64: a.content.toString("base64") }))) : null,
      related_type: mail.related?.type ?? null, related_id: mail.related?.id ?? null,
    };
  }));
  return rows.map((r) => r.id as number);
}

/**
 * Run `work` in one transaction whose ctx collects mail, written into the outbox with a delivery job
 * per message before the commit. After the commit the messages are tried at once, awaited (the
 * caller's answer can say they went), unless `{ background: true }` (a run's hundreds of
 * remittances): then their jobs alone deliver them. A process without a job runner (tests, scripts)
 * leaves the messages pending; the next runner's start queues their jobs (mail-job.ts workMail).
 */
export async function inTransaction<T>(ctx: Ctx, work: (trx: DB, tctx: Ctx) => Promise<T>, options: { background?: boolean } = {}): Promise<T> {
  const outbox: Mail[] = [];
  const { result, ids } = await ctx.db.transaction().execute(async (trx) => {
    const result = await work(trx, { ...ctx, db: trx, outbox });
    const ids = outbox.length ? await writeOutbox(trx, ctx.company.id, outbox) : [];
    const jobs = currentJobs();
    if (jobs) await enqueueMail(jobs, trx, ctx.company.id, ids);
    return { result, ids };
  });
  if (ids.length) tablesWritten("mail_messages");
  // MAIL_DELIVERY=off: another process delivers them
  if (ids.length && config.mailDelivery && !options.background) await deliverMail(ctx.db, { ids });
  return result;
}
