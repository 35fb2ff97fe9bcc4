/**
 * The jobs of a server process: delivery of the mail outbox (every MAIL_POLL_SECONDS, unless
 * MAIL_DELIVERY=off) and the recurring-invoice run (hourly, so a template is issued within the
 * hour its day begins). Both claim their rows with FOR UPDATE SKIP LOCKED, so any number of
 * processes may run them on one database. Returns a function that stops them.
 */
import { config } from "../config.js";
import type { DB } from "../db/connect.js";
import { runRecurringInvoices } from "../domain/payables/recurring-invoice-run.js";
import { deliverMail } from "../mail/deliver.js";
import { every } from "./periodic.js";

export function startJobs(db: DB): () => void {
  const stops = [every("recurring invoices", 60 * 60, () => runRecurringInvoices(db))];
  if (config.mailDelivery) stops.push(every("mail delivery", config.mailPollSeconds, () => deliverMail(db)));
  return () => stops.forEach((stop) => stop());
}
