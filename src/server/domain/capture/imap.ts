/**
 * IMAP polling (docs/capture.md "E-mail in"): each company with a mailbox set up is polled on a
 * schedule; every message not yet marked is taken (once per Message-ID, as for SMTP), then marked
 * \Seen and with the keyword $OutlayCaptured, so it is not fetched again. A mailbox that cannot be
 * reached says why on the settings (imap_last_error) and is tried again at the next poll.
 */
import { ImapFlow } from "imapflow";
import type { DB } from "../../db/connect.js";
import { forCompany, systemDb } from "../../db/row-security.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { senderAllowed, takeMessage } from "./mail-in.js";
import { decryptSecret } from "./secrets.js";

export const captureImapJob = "capture-imap";
export const capturedKeyword = "$OutlayCaptured";

interface Mailbox {
  company_id: number;
  imap_host: string | null;
  imap_port: number | null;
  imap_secure: boolean;
  imap_user: string | null;
  imap_password: string | null;
  imap_mailbox: string;
  allow_senders: string[];
  deny_senders: string[];
}

export interface PollOutcome {
  messages: number;
  drafts: number;
}

/** Poll one company's mailbox: take every message without the captured keyword, then mark it. */
export async function pollMailbox(owner: DB, box: Mailbox): Promise<PollOutcome> {
  const client = new ImapFlow({
    host: box.imap_host!, port: box.imap_port ?? (box.imap_secure ? 993 : 143), secure: box.imap_secure,
    auth: { user: box.imap_user!, pass: decryptSecret(box.imap_password!) }, logger: false, connectionTimeout: 15_000, greetingTimeout: 15_000,
  });
  await client.connect();
  const outcome: PollOutcome = { messages: 0, drafts: 0 };
  try {
    const lock = await client.getMailboxLock(box.imap_mailbox);
    try {
      const uids = (await client.search({ unKeyword: capturedKeyword }, { uid: true })) || [];
      for (const uid of uids) {
        const message = await client.fetchOne(String(uid), { source: true, envelope: true }, { uid: true });
        if (!message || !message.source) continue;
        const from = message.envelope?.from?.[0]?.address ?? "";
        if (senderAllowed(from, box)) {
          const taken = await takeMessage(owner, box.company_id, message.source, "IMAP");
          outcome.messages += taken.taken ? 1 : 0;
          outcome.drafts += taken.captures.length;
        }
        // marked once taken (or refused by the sender rules): a crash before this takes it again, and the Message-ID makes that harmless
        await client.messageFlagsAdd(String(uid), ["\\Seen", capturedKeyword], { uid: true });
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
  return outcome;
}

/** The job: poll every company's mailbox that is switched on, recording each one's problem or success. */
export async function pollMailboxes(owner: DB): Promise<void> {
  const boxes = await systemDb(owner).selectFrom("capture_settings").select(["company_id", "imap_host", "imap_port", "imap_secure", "imap_user", "imap_password", "imap_mailbox", "allow_senders", "deny_senders"])
    .where("imap_enabled", "=", true).execute();
  for (const box of boxes) {
    let problem: string | null = null;
    try {
      await pollMailbox(owner, box);
    } catch (error) {
      problem = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    }
    const db = forCompany(owner, box.company_id);
    await inTransaction({ db, company: { id: box.company_id } }, (trx) => trx.updateTable("capture_settings")
      .set({ imap_last_error: problem, imap_polled_at: new Date(), updated_at: new Date() }).where("company_id", "=", box.company_id).execute());
  }
}
