/**
 * Delivering the durable outbox (src/server/mail/deliver.ts): deliverers running side by side never
 * send a message twice (claims with FOR UPDATE SKIP LOCKED; on PostgreSQL over separate connections),
 * a claim whose deliverer died is taken over once it lapses, and a message's delivery job
 * (mail-job.ts) retries through an SMTP outage until the message goes.
 */
import { describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { deliverMail } from "../../src/server/mail/deliver.js";
import { writeOutbox } from "../../src/server/mail/outbox.js";
import { enqueueMail, mailJob } from "../../src/server/mail/mail-job.js";
import { startTestJobs } from "../support/jobs.js";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.js";
import { useApp } from "./harness.js";
import { untyped } from "../../src/server/db/connect.js";

const h = useApp();
const poll = { timeout: 20_000, interval: 100 };

/** A transport that counts what it was given, yielding between messages so that deliverers interleave. */
function countingTransport() {
  const sent: string[] = [];
  const transporter = {
    sendMail: async (mail: { subject: string }) => {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(mail.subject);
    },
  };
  return { sent, transport: { delivered: "sent" as const, transporter } as never };
}

const statuses = async (ids: number[]) => (await h.database.db.selectFrom("mail_messages").select("status").where("id", "in", ids).execute()).map((r) => r.status);

describe("mail outbox delivery", () => {
  it("four deliverers side by side send each of 120 messages exactly once", async () => {
    const company = await h.companyId("Acme Corp");
    const tag = `parallel-${process.pid}-${Date.now()}`;
    const ids = await writeOutbox(h.database.db, company, Array.from({ length: 120 }, (_, n) => ({ to: "someone@acme.test", subject: `${tag} ${n}`, text: "x" })));
    const { sent, transport } = countingTransport();
    const attempted = await Promise.all(Array.from({ length: 4 }, () => deliverMail(h.database.db, { ids, transport })));
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(120);
    expect(sent).toHaveLength(120);
    expect(new Set(sent).size).toBe(120);
    expect(new Set(await statuses(ids))).toEqual(new Set(["sent"]));
    // delivered messages are never claimed again
    expect(await deliverMail(h.database.db, { ids, transport })).toBe(0);
  });

  it("a message claimed by a deliverer that died is delivered once its claim lapses, not before", async () => {
    const company = await h.companyId("Acme Corp");
    const subject = `lapsed-${process.pid}-${Date.now()}`;
    const ids = await writeOutbox(h.database.db, company, [{ to: "someone@acme.test", subject, text: "x" }]);
    // as a deliverer leaves it when it dies mid-send
    await h.database.db.updateTable("mail_messages").set({ status: "sending", attempts: 1, next_attempt_at: new Date(Date.now() + 60_000) }).where("id", "in", ids).execute();
    const { sent, transport } = countingTransport();
    expect(await deliverMail(h.database.db, { ids, transport })).toBe(0);
    await h.database.db.updateTable("mail_messages").set({ next_attempt_at: new Date(Date.now() - 1000) }).where("id", "in", ids).execute();
    expect(await deliverMail(h.database.db, { ids, transport })).toBe(1);
    expect(sent).toEqual([subject]);
    expect(await statuses(ids)).toEqual(["sent"]);
  });

  it("mail sent while the SMTP server is down is kept, its job retried with backoff, and delivered once the server is back", async () => {
    const company = await h.companyId("Acme Corp");
    const subject = `smtp-down-${process.pid}-${Date.now()}`;
    // the SMTP server's port, then the server goes down
    const first = await startSmtpSink();
    const port = first.port;
    await first.close();
    const transport = { delivered: "sent" as const, transporter: nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }) };
    const jobs = await startTestJobs(h.database, { mail: true, transport, retry: { limit: 8, delaySeconds: 1 } });
    let back: SmtpSink | undefined;
    try {
      // written as a request writes it: the message and its delivery job in one transaction
      const ids = await h.database.db.transaction().execute(async (trx) => {
        const written = await writeOutbox(trx, company, [{ to: "someone@acme.test", subject, text: "x" }]);
        await enqueueMail(jobs, trx, company, written);
        return written;
      });
      const message = () => h.database.db.selectFrom("mail_messages").select(["status", "attempts", "error"]).where("id", "in", ids).executeTakeFirstOrThrow();
      const job = async () => (await untyped(h.database.db).selectFrom("job_list").select(["state", "attempts", "last_error"]).where("name", "=", mailJob)
        .where("company_id", "=", company).orderBy("created_at", "desc").execute());
      // the job failed its attempt and waits to retry; the message waits, with the error
      await expect.poll(async () => (await job()).map((j) => j.state), poll).toContain("retry");
      expect(await message()).toMatchObject({ status: "pending", error: expect.stringMatching(/ECONNREFUSED/) });
      expect((await job()).find((j) => j.state === "retry")!.last_error).toMatch(/ECONNREFUSED/);
      back = await startSmtpSink(port);
      await expect.poll(async () => (await message()).status, poll).toBe("sent");
      expect(back.messages.filter((m) => m.subject === subject)).toHaveLength(1);
      expect((await message()).attempts).toBeGreaterThanOrEqual(2);
      await expect.poll(async () => (await job()).map((j) => j.state).filter((s) => s !== "completed"), poll).toEqual([]);
    } finally {
      await jobs.stop();
      await back?.close();
    }
  });
});
