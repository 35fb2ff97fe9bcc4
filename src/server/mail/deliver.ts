/**
 * Delivering messages of the outbox (mail_messages written pending by outbox.ts). Each message has a
 * delivery job (mail-job.ts), and the job runner owns the timing: retries with backoff, a failed job
 * after its last attempt (src/server/jobs/). Here a deliverer first CLAIMS the given rows in one
 * statement (pending or failed, or `sending` whose claim lapsed), `FOR UPDATE SKIP LOCKED`, setting
 * them `sending` until now + claimSeconds; then sends each outside any transaction and records
 * sent/stored, or the error: pending again, failed once maxAttempts were made. Two deliverers
 * (the request that wrote the message, a job; two processes) never claim the same row, so a message
 * is sent once; only a process that dies between the SMTP server's acceptance and the `sent` update
 * lets the message be sent again once its claim lapses (at-least-once there).
 */
import { sql } from "kysely";
import { config } from "../config.js";
import type { DB } from "../db/connect.js";
import type { Row } from "../resources/context.js";
import { mailTransport, type MailTransport } from "./transport.js";

/** attempts after which a message is shown failed (its job's retries: jobs.ts defaultRetry, one more) */
export const maxAttempts = 5;
/** how long a claim lasts: longer than any one SMTP conversation */
const claimSeconds = 300;
const batchSize = 100;

/** Claim those of the messages `ids` (at most batchSize) that no one else is delivering and that are not delivered yet. */
async function claim(db: DB, ids: readonly number[]): Promise<Row[]> {
  const { rows } = await sql<Row>`
    UPDATE mail_messages SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${claimSeconds}), updated_at = now()
    WHERE id IN (
      SELECT id FROM mail_messages
      WHERE (status IN ('pending', 'failed') OR (status = 'sending' AND next_attempt_at <= now())) AND id = ANY(${sql.val([...ids])}::int[])
      ORDER BY id FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, attachment_content, attempts, related_type, related_id`.execute(db);
  return rows;
}

async function record(db: DB, id: number, values: Row): Promise<void> {
  // only while our claim holds: a lapsed claim re-claimed by another deliverer is its to record
  await db.updateTable("mail_messages").set({ ...values, updated_at: new Date() }).where("id", "=", id).where("status", "=", "sending").execute();
}

/**
 * A vendor message (data-spec 7: sent, not sent, delivered, opened, withheld, bounced) follows the
 * mail that carries it as far as the transport tells: "sent" once a mail server accepted it,
 * "withheld" when the instance keeps mail in the app only (no SMTP_URL), "bounced" when the server
 * refused it for good. It is "not sent" until then; "opened" (the vendor opened its link) and
 * "bounced" are never taken back. "delivered" would need delivery reports, which SMTP does not give.
 */
async function followedByMessage(db: DB, message: Row, status: "sent" | "withheld" | "bounced"): Promise<void> {
  // an accrual request's message (data-spec: message.status) follows its mail the same way
  if (message.related_type === "AccrualRequest") {
    await db.updateTable("accrual_requests").set({ message_status: status, updated_at: new Date() })
      .where("id", "=", message.related_id as number).where("message_status", "in", ["not sent", "sent", "withheld"]).execute();
  }
  if (message.related_type !== "Message") return;
  await db.updateTable("messages").set({ status, sent_at: status === "sent" ? new Date() : null, updated_at: new Date() })
    .where("id", "=", message.related_id as number).where("status", "in", ["not sent", "sent", "withheld"]).execute();
}

/** A refusal the server will repeat (a 5xx answer: no such mailbox, rejected): no retry. */
const permanent = (error: unknown) => Number((error as { responseCode?: unknown }).responseCode) >= 500;

async function send(db: DB, transport: MailTransport, message: Row): Promise<void> {
  const attachments = ((message.attachment_content as { filename: string; content_type: string; base64: string }[] | null) ?? [])
    .map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.base64, "base64") }));
  try {
    await transport.transporter.sendMail({ from: config.mailFrom, to: String(message.to), subject: String(message.subject), text: String(message.text ?? ""), attachments });
    await record(db, message.id as number, {
      status: transport.delivered, sent_at: transport.delivered === "sent" ? new Date() : null, error: null, next_attempt_at: null, attachment_content: null,
    });
    await followedByMessage(db, message, transport.delivered === "sent" ? "sent" : "withheld");
  } catch (error) {
    const attempts = message.attempts as number;
    const text = error instanceof Error ? error.message : String(error);
    const final = attempts >= maxAttempts || permanent(error);
    await record(db, message.id as number, final
      ? { status: "failed", error: text, next_attempt_at: null }
      : { status: "pending", error: text, next_attempt_at: null });
    if (permanent(error)) await followedByMessage(db, message, "bounced");
  }
}

/**
 * Deliver the messages `ids` not delivered yet, each attempted at most once per call (its job
 * retries it); returns how many were attempted. Errors of a message are recorded on it, never thrown.
 */
export async function deliverMail(db: DB, options: { ids: readonly number[]; transport?: MailTransport }): Promise<number> {
  const transport = options.transport ?? mailTransport();
  let attempted = 0;
  for (let start = 0; start < options.ids.length; start += batchSize) {
    const claimed = await claim(db, options.ids.slice(start, start + batchSize));
    for (const message of claimed) await send(db, transport, message);
    attempted += claimed.length;
  }
  return attempted;
}
