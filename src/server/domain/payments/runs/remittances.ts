/**
 * When a run is processed, each paid vendor's primary contact gets the remittance advice of its
 * payment: queued in the processing transaction (set-based: a few statements however many payments),
 * so the messages are in the durable outbox (mail_messages) when the run commits, and delivered after.
 */
import { queueMail } from "../../../mail/outbox.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { primaryEmails, remittanceOf, type PaidInvoice } from "../payment-documents.js";
import { anyId } from "./ids.js";
import { sql } from "kysely";

/** Queue the remittance advice of each of the run's processed payments (ctx of inTransaction); returns how many. */
export async function queueRemittances(ctx: Ctx, runId: number): Promise<number> {
  const paid = (await ctx.db.selectFrom("payments as p").innerJoin("vendors as v", "v.id", "p.vendor_id")
    .select(["p.id", "p.payment_number", "p.amount", "p.currency_code", "p.payment_date", "p.payment_type", "p.vendor_id", "v.name as vendor_name"])
    .where("p.company_id", "=", ctx.company.id).where("p.payment_run_id", "=", runId).where("p.record_type", "=", "DEBIT").where("p.status", "=", "PROCESSING")
    .orderBy("p.id").execute()) as Row[];
  const emails = await primaryEmails(ctx, [...new Set(paid.map((p) => p.vendor_id as number))]);
  const to = paid.filter((p) => emails.has(p.vendor_id as number));
  if (to.length === 0) return 0;
  const links = await ctx.db.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["l.payment_id", "i.number", sql<string>`i.date::text`.as("date"), sql<string>`l.amount::text`.as("amount")])
    .where("l.company_id", "=", ctx.company.id).where(anyId("l.payment_id", to.map((p) => p.id as number))).orderBy("i.number").execute();
  const invoices = new Map<number, PaidInvoice[]>();
  for (const l of links) {
    const own = invoices.get(l.payment_id) ?? [];
    own.push({ number: String(l.number), date: String(l.date), amount: String(l.amount) });
    invoices.set(l.payment_id, own);
  }
  for (const payment of to) {
    const advice = remittanceOf(ctx, { payment, vendor: { id: payment.vendor_id as number, name: String(payment.vendor_name) }, invoices: invoices.get(payment.id as number) ?? [] },
      emails.get(payment.vendor_id as number)!);
    queueMail(ctx, { to: advice.to!, subject: advice.subject, text: advice.text, related: { type: "Payment", id: payment.id as number } }, { background: true });
  }
  return to.length;
}
