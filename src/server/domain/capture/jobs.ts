/**
 * The capture's jobs: `capture-read` reads one capture (a document the reader refused is FAILED with
 * its reason; a reading that broke otherwise is retried with the runner's backoff), `capture-imap`
 * polls the companies' mailboxes (CAPTURE_IMAP_CRON, every minute by default). At start, captures
 * still waiting (their job lost with a database restored, say) are queued again.
 */
import type { DB } from "../../db/connect.js";
import { systemDb } from "../../db/row-security.js";
import type { Jobs } from "../../jobs/jobs.js";
import { captureReadJob } from "./intake.js";
import { captureImapJob, pollMailboxes } from "./imap.js";
import { readCapture } from "./read.js";

export async function workCapture(jobs: Jobs, db: DB, imapCron: string): Promise<void> {
  await jobs.work(captureReadJob, async (job) => {
    await readCapture(db, Number(job.data.company_id), Number(job.data.capture_id));
  });
  await jobs.work(captureImapJob, () => pollMailboxes(db));
  await jobs.schedule(captureImapJob, imapCron);
  const waiting = await systemDb(db).selectFrom("invoice_captures").select(["id", "company_id"]).where("status", "=", "RECEIVED").execute();
  for (const capture of waiting) await jobs.send(captureReadJob, { company_id: capture.company_id, capture_id: capture.id }, { singletonKey: `capture:${capture.id}` });
}
