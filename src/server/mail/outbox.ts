/**
 * E-mail that belongs to a write: queued inside its transaction, sent only after the commit, so a
 * rolled-back write sends nothing. Every message is recorded in mail_messages (stored, sent, or
 * failed with the error); a failure to send never fails the request that queued it.
 *
 *   await inTransaction(ctx, async (trx, tctx) => { …; queueMail(tctx, { to, subject, text }); });
 */
import { config } from "../config.js";
import type { DB } from "../db/connect.js";
import type { Ctx } from "../resources/context.js";
import { mailTransport, type MailTransport } from "./transport.js";
import { tablesWritten } from "../resources/written.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
  /** the record the message is about, e.g. { type: "Invoice", id: 12 } */
  related?: { type: string; id: number };
}

/** Queue a message for after the commit of the transaction `ctx` belongs to (see inTransaction). */
export function queueMail(ctx: Ctx, mail: Mail): void {
  if (!ctx.outbox) throw new Error("queueMail needs the ctx of inTransaction: mail is sent after the commit");
  ctx.outbox.push(mail);
}

/** Run `work` in one transaction whose ctx collects mail; send the mail once it committed. */
export async function inTransaction<T>(ctx: Ctx, work: (trx: DB, tctx: Ctx) => Promise<T>): Promise<T> {
  const outbox: Mail[] = [];
  const result = await ctx.db.transaction().execute((trx) => work(trx, { ...ctx, db: trx, outbox }));
  await flushMail(ctx, outbox);
  return result;
}

const attachmentInfo = (mail: Mail) => (mail.attachments ?? []).map((a) => ({
  filename: a.filename, content_type: a.contentType ?? null, size: typeof a.content === "string" ? Buffer.byteLength(a.content) : a.content.length,
}));

/** Send (or store) each message and record the outcome; errors are recorded, not thrown. */
export async function flushMail(ctx: Ctx, outbox: readonly Mail[], transport: MailTransport = mailTransport()): Promise<void> {
  if (outbox.length === 0) return;
  for (const mail of outbox) {
    let outcome: { status: string; sent_at: Date | null; error: string | null };
    try {
      await transport.transporter.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
      outcome = { status: transport.delivered, sent_at: transport.delivered === "sent" ? new Date() : null, error: null };
    } catch (error) {
      outcome = { status: "failed", sent_at: null, error: error instanceof Error ? error.message : String(error) };
    }
    try {
      await ctx.db.insertInto("mail_messages").values({
        company_id: ctx.company.id, to: mail.to, subject: mail.subject, text: mail.text, ...outcome,
        attachments: JSON.stringify(attachmentInfo(mail)), related_type: mail.related?.type ?? null, related_id: mail.related?.id ?? null,
      }).execute();
    } catch (error) {
      // the user's write has committed: a lost record of the message must not turn it into an error
      console.error("mail_messages: could not record a message", error);
    }
  }
  tablesWritten("mail_messages");
}
