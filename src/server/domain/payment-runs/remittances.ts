/**
 * After a run is processed, each paid vendor's primary contact is e-mailed the remittance advice of
 * its payment. This runs after the processing transaction committed and outside the request, so a
 * run of thousands of payments never waits on mail; every message is recorded in mail_messages.
 */
import { flushMail, type Mail } from "../../mail/outbox.js";
import type { Ctx } from "../../resources/context.js";
import { paymentDetails, remittanceAdvice } from "../payment_documents.js";

export async function sendRemittances(ctx: Ctx, runId: number): Promise<number> {
  const paid = await ctx.db.selectFrom("payments").select("id").where("company_id", "=", ctx.company.id)
    .where("payment_run_id", "=", runId).where("record_type", "=", "DEBIT").where("status", "=", "PROCESSING").orderBy("id").execute();
  const outbox: Mail[] = [];
  for (const { id } of paid) {
    const advice = await remittanceAdvice(ctx, await paymentDetails(ctx, id));
    if (advice.to) outbox.push({ to: advice.to, subject: advice.subject, text: advice.text, related: { type: "Payment", id: id as number } });
  }
  await flushMail(ctx, outbox);
  return outbox.length;
}
