/**
 * The one mail transport, chosen once from the environment: SMTP when SMTP_URL is set; otherwise
 * nodemailer's JSON transport, which builds the message (addresses, attachments) without sending it,
 * so the embedded default keeps every message in mail_messages only.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../config.js";

export interface MailTransport {
  /** "sent" when a server accepted the message, "stored" when it is kept in the app only */
  delivered: "sent" | "stored";
  transporter: Transporter;
}

let chosen: MailTransport | undefined;

/** Builds each message and keeps it in the app only: the embedded default, and demo data. */
export const storeOnly = (): MailTransport => ({ delivered: "stored", transporter: nodemailer.createTransport({ jsonTransport: true }) });

export function mailTransport(): MailTransport {
  chosen ??= config.smtpUrl ? { delivered: "sent", transporter: nodemailer.createTransport(config.smtpUrl) } : storeOnly();
  return chosen;
}
