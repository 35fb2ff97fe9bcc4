/**
 * The two actions of an accrual blast (resources/accrual_blasts.ts), each run by the framework on the
 * locked blast in one transaction with its audit row:
 * - send: one accrual request per vendor entry not yet asked (NEW), e-mailed with its private link
 *   (accrual-request-mail.ts); the entry becomes SENT. A vendor without an address to send to is
 *   skipped (its entry stays NEW) and named in the answer.
 * - book: the vendors' answers become accruals — one APPROVED accrual per vendor that answered with an
 *   amount, none for NO ACCRUAL (accrual-booking.ts, as a request's own booking) — the blast becomes
 *   BOOKED, its requests CLOSED and their links revoked. Until then an answer lives on its request, so accruals_booked_amount counts only booked
 *   accruals. Booking twice is refused by the action's `when` (409).
 */
import type { ActionHandler } from "../../resources/modules.js";
import { issueNumbers } from "../ledger/numbers.js";
import { refreshAccrualSummary } from "./accruals.js";
import { bookAnswers, closeRequests } from "./accrual-booking.js";
import { accrualRequestEmails, sendAccrualRequest } from "./accrual-request-mail.js";

export const sendBlast: ActionHandler = async ({ row: blast, ctx }) => {
  const trx = ctx.db;
  const companyId = ctx.company.id;
  const entries = await trx.selectFrom("accrual_entries as e").innerJoin("vendors as v", "v.id", "e.vendor_id")
    .select(["e.id", "e.vendor_id", "v.name"]).where("e.company_id", "=", companyId).where("v.company_id", "=", companyId)
    .where("e.accrual_blast_id", "=", blast.id as number).where("e.status", "=", "NEW").orderBy("e.id").execute();
  const emails = await accrualRequestEmails(trx, companyId, entries.map((e) => e.vendor_id));
  const reachable = entries.filter((e) => emails.has(e.vendor_id));
  const numbers = await issueNumbers(trx, "accrual_requests", "number", companyId, "AR", reachable.length);
  const sent: string[] = [];
  for (const [i, entry] of reachable.entries()) {
    const request = await trx.insertInto("accrual_requests").values({
      company_id: companyId, number: numbers[i], status: "NEW", vendor_id: entry.vendor_id, purchaser_id: ctx.contact.id,
      accrual_blast_id: blast.id as number, service_date: blast.end_date as string, start_date: blast.start_date as string, end_date: blast.end_date as string,
      message_status: "not sent",
    }).returningAll().executeTakeFirstOrThrow();
    await sendAccrualRequest(trx, ctx, request, emails.get(entry.vendor_id) as string, entry.name);
    await trx.updateTable("accrual_entries").set({ status: "SENT", updated_at: new Date() }).where("id", "=", entry.id).execute();
    sent.push(numbers[i]);
  }
  const skipped = entries.filter((e) => !emails.has(e.vendor_id))
    .map((e) => ({ vendor_id: e.vendor_id, vendor_name: e.name, reason: "The vendor has no contact with an e-mail address (accrual request or primary contact)." }));
  return { data: { id: blast.id, sent, skipped } };
};

export const bookBlast: ActionHandler = async ({ row: blast, ctx }) => {
  const trx = ctx.db;
  const companyId = ctx.company.id;
  // the requests locked first: an answer being given finishes before they are read (accrual-answers.ts)
  const locked = await trx.selectFrom("accrual_requests").select("id").where("company_id", "=", companyId).where("accrual_blast_id", "=", blast.id as number).forUpdate().execute();
  const answers = await trx.selectFrom("accrual_requests").selectAll().where("company_id", "=", companyId)
    .where("accrual_blast_id", "=", blast.id as number).where("status", "=", "SUBMITTED").where("no_accrual_needed", "=", false)
    .where("response_amount", "is not", null).orderBy("id").execute();
  await bookAnswers(trx, ctx, answers, { date: blast.end_date as string, accrualType: blast.accrual_option as string, description: blast.label as string, blastId: blast.id as number });
  // the blast's requests take no more answers, answered or not
  await closeRequests(trx, ctx, locked.map((r) => r.id), String(blast.number));
  await trx.updateTable("accrual_blasts").set({ status: "BOOKED", updated_at: new Date() }).where("id", "=", blast.id as number).execute();
  await refreshAccrualSummary(trx, companyId);
};
