/**
 * Delivering the durable outbox (src/server/mail/deliver.ts): deliverers running side by side never
 * send a message twice (claims with FOR UPDATE SKIP LOCKED; on PostgreSQL over separate connections),
 * and a claim whose deliverer died is taken over once it lapses.
 */
import { describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { deliverMail } from "../../src/server/mail/deliver.js";
import { writeOutbox } from "../../src/server/mail/outbox.js";
import { startSmtpSink } from "../support/smtp-sink.js";
import { useApp } from "./harness.js";

const h = useApp();

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

  it("mail sent while the SMTP server is down is kept, retried after a delay, and delivered once it is back", async () => {
    const company = await h.companyId("Acme Corp");
    const subject = `smtp-down-${process.pid}-${Date.now()}`;
    // the SMTP server's port, then the server goes down
    const first = await startSmtpSink();
    const port = first.port;
    await first.close();
    const transport = { delivered: "sent" as const, transporter: nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }) };
    const ids = await writeOutbox(h.database.db, company, [{ to: "someone@acme.test", subject, text: "x" }]);
    expect(await deliverMail(h.database.db, { ids, transport })).toBe(1);
    const row = await h.database.db.selectFrom("mail_messages").select(["status", "attempts", "error", "next_attempt_at"]).where("id", "in", ids).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(String(row.error)).toMatch(/ECONNREFUSED/);
    expect(new Date(row.next_attempt_at!).getTime()).toBeGreaterThan(Date.now());
    // not retried before its delay
    const back = await startSmtpSink(port);
    try {
      expect(await deliverMail(h.database.db, { ids, transport })).toBe(0);
      // the delay has passed
      await h.database.db.updateTable("mail_messages").set({ next_attempt_at: new Date(Date.now() - 1000) }).where("id", "in", ids).execute();
      expect(await deliverMail(h.database.db, { ids, transport })).toBe(1);
      expect(back.messages.map((m) => m.subject)).toEqual([subject]);
      expect(await statuses(ids)).toEqual(["sent"]);
    } finally {
      await back.close();
    }
  });
});
