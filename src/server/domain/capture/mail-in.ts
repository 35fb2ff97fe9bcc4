/**
 * E-mail in (docs/capture.md "E-mail in"): the built-in SMTP receiver and the parsing every inbound
 * message goes through (SMTP or IMAP). The receiver takes mail only for the companies' inbound
 * addresses, ap+<address_code>@MAIL_IN_DOMAIN (no open relay: any other recipient is refused at
 * RCPT TO), within a size limit, from senders the company's allow/deny rules let through; it takes
 * no authentication and is meant to sit behind the company's MX or a relay.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import type { DB } from "../../db/connect.js";
import { systemDb } from "../../db/row-security.js";
import { captureMail, messageIdOf, type IncomingDocument, type MailOutcome } from "./intake.js";

export interface MailInOptions {
  port: number;
  host?: string;
  /** the domain of the inbound addresses */
  domain: string;
  /** the largest message taken, bytes */
  maxBytes?: number;
}

export const defaultMaxMessageBytes = 25 * 1024 * 1024;

export const inboundAddress = (code: string, domain: string) => `ap+${code}@${domain}`;

/** The address code of an inbound address of `domain` (ap+code@domain), else undefined. */
export function codeOf(address: string, domain: string): string | undefined {
  const m = /^ap\+([a-z0-9][a-z0-9-]*[a-z0-9])@(.+)$/i.exec(address.trim());
  return m && m[2].toLowerCase() === domain.toLowerCase() ? m[1].toLowerCase() : undefined;
}

interface Target {
  company_id: number;
  allow_senders: string[];
  deny_senders: string[];
}

/** The company whose inbound address this is (any company: the receiver works across them). */
async function targetOf(db: DB, code: string): Promise<Target | undefined> {
  return systemDb(db).selectFrom("capture_settings").select(["company_id", "allow_senders", "deny_senders"]).where("address_code", "=", code).executeTakeFirst();
}

const matches = (sender: string, rule: string) => {
  const r = rule.trim().toLowerCase();
  return r.startsWith("@") ? sender.endsWith(r) : sender === r;
};

/** Does the company take mail from `sender`? Denied wins; an allow list, when there is one, must name it. */
export function senderAllowed(sender: string, target: Pick<Target, "allow_senders" | "deny_senders">): boolean {
  const s = sender.trim().toLowerCase();
  if (target.deny_senders.some((r) => matches(s, r))) return false;
  return target.allow_senders.length === 0 || target.allow_senders.some((r) => matches(s, r));
}

/** The documents of a parsed message (every attachment; intake judges each by its bytes). */
export const attachmentsOf = (mail: ParsedMail): IncomingDocument[] =>
  mail.attachments.filter((a) => a.contentDisposition !== "inline" || a.contentType.startsWith("application/")).map((a) => ({ fileName: a.filename ?? "attachment", bytes: a.content }));

const fromOf = (mail: ParsedMail) => mail.from?.value[0]?.address ?? null;

/** A raw message for `companyId`: parsed, and its attachments captured once per Message-ID. */
export async function takeMessage(db: DB, companyId: number, raw: Buffer, source: "EMAIL" | "IMAP", envelopeFrom?: string): Promise<MailOutcome> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  return captureMail(db, companyId, {
    messageId: messageIdOf(mail.messageId, raw), from: fromOf(mail) ?? envelopeFrom ?? null, subject: mail.subject ?? null,
    receivedAt: new Date(), source,
  }, attachmentsOf(mail));
}

class SmtpRefusal extends Error {
  constructor(message: string, readonly responseCode: number) {
    super(message);
  }
}

/** Start the SMTP receiver; resolves when it listens. */
export async function startMailIn(db: DB, options: MailInOptions): Promise<SMTPServer> {
  const maxBytes = options.maxBytes ?? defaultMaxMessageBytes;
  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: maxBytes,
    banner: "Outlay invoice capture",
    logger: false,
    async onRcptTo(address, _session, callback) {
      const code = codeOf(address.address, options.domain);
      const target = code ? await targetOf(db, code).catch(() => undefined) : undefined;
      // no open relay: only the inbound addresses of known companies
      if (!target) return callback(new SmtpRefusal(`${address.address}: no such mailbox`, 550));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on("end", () => {
        void (async () => {
          if (stream.sizeExceeded || size > maxBytes) return callback(new SmtpRefusal(`Message is larger than ${maxBytes} bytes`, 552));
          const raw = Buffer.concat(chunks);
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
          for (const rcpt of session.envelope.rcptTo) {
            const target = await targetOf(db, codeOf(rcpt.address, options.domain)!);
            if (!target) continue;
            const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
            const sender = fromOf(parsed) ?? envelopeFrom ?? "";
            if (!senderAllowed(sender, target) || (envelopeFrom && !senderAllowed(envelopeFrom, target))) continue;
            await takeMessage(db, target.company_id, raw, "EMAIL", envelopeFrom);
          }
          callback();
        })().catch((error: unknown) => callback(new SmtpRefusal(`Message not taken: ${error instanceof Error ? error.message : String(error)}`, 451)));
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  server.on("error", () => undefined);
  return server;
}
