/**
 * E-mail that belongs to a write goes through a durable outbox: queueMail collects it in the unit of
 * work of the ctx (db/unit-of-work.ts), which writes it into mail_messages (pending) INSIDE that
 * transaction, just before the commit — so a rolled-back write sends nothing, and a committed one
 * keeps its mail even if the process dies right after the commit. With it, in the same transaction,
 * goes a delivery job per message (mail-job.ts), which retries until the message is delivered; a
 * failure to send never fails the request that queued it.
 *
 *   await inTransaction(ctx, async (trx, tctx) => { …; queueMail(tctx, { to, subject, text }); });
 */
import { config } from "../config.js";
import type { DB } from "../db/connect.js";
import { insertRows } from "../db/bulk.js";
import type { Unit } from "../db/unit-of-work.js";
import type { Ctx } from "../resources/context.js";
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

const outboxes = new WeakMap<Unit, Mail[]>();

/**
 * Queue a message to be written with the transaction `ctx` belongs to (see inTransaction), with its
 * delivery job, and tried once it has committed: awaited by default (the caller's answer can say it
 * went), or left to its job (`{ background: true }`).
 */
export function queueMail(ctx: Pick<Ctx, "unit" | "company">, mail: Mail, options: { background?: boolean } = {}): void {
  const unit = ctx.unit;
  if (!unit) throw new Error("queueMail needs the ctx of inTransaction: mail is written with its transaction");
  const known = outboxes.get(unit);
  if (known) {
    known.push(mail);
    return;
  }
  const mails = [mail];
  outboxes.set(unit, mails);
  let ids: number[] = [];
  unit.beforeCommit.push(async (trx) => {
    ids = await writeOutbox(trx, ctx.company.id, mails);
    const jobs = currentJobs();
    if (jobs) await enqueueMail(jobs, trx, ctx.company.id, ids);
  });
  // tried at once after the commit, unless in the background (a run's hundreds of remittances): then
  // their jobs alone deliver them. A process without a job runner (tests, scripts) leaves them pending;
  // the next runner's start queues their jobs (mail-job.ts). MAIL_DELIVERY=off: another process delivers them.
  if (config.mailDelivery && !options.background) unit.afterCommit.push(async () => void (await deliverMail(unit.db, { ids })));
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
