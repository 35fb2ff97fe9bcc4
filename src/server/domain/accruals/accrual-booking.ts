/**
 * Booking vendors' answers (docs/portal.md "Accrual requests"): each accrual request answered with an
 * amount becomes one APPROVED accrual (submitter VENDOR, linked to its request and blast), and the
 * request is CLOSED with its link withdrawn. The one path for both doors: a blast's `book` (all its
 * answers, accrual-blast-actions.ts) and a request's own `book` (a request made on its own, below).
 * Runs in the action's transaction, on requests the caller has locked; set-based however many answers.
 */
import { isoDate } from "../../../framework/dates.js";
import accruals from "../../../../resources/accruals.js";
import accrualRequests from "../../../../resources/accrual_requests.js";
import { insertRows } from "../../db/bulk.js";
import type { DB } from "../../db/connect.js";
import { revokeLinks } from "../../links/links.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ActionHandler } from "../../resources/modules.js";
import { auditMany } from "../../resources/write.js";
import { issueNumbers } from "../ledger/numbers.js";
import { accrualRequestRecord } from "./accrual-request-mail.js";
import { refreshAccrualSummary } from "./accruals.js";

/** What the booking gives an accrual beyond the answer: where it comes from and what it falls back on. */
export interface BookingTerms {
  /** the accrual's date when the answer names no end of its service period */
  date: string;
  accrualType: string;
  /** the accrual's description when the answer has none */
  description: string | null;
  blastId: number | null;
}

/**
 * One APPROVED accrual per answer (`answers`: SUBMITTED requests with a response_amount, locked), in the
 * company's currency, dated the answer's end date; each request and its blast entry point at it.
 * Returns the accruals created.
 */
export async function bookAnswers(trx: DB, ctx: Ctx, answers: readonly Row[], terms: BookingTerms): Promise<Row[]> {
  const companyId = ctx.company.id;
  const numbers = await issueNumbers(trx, "accruals", "number", companyId, "ACR", answers.length);
  const booked = await insertRows(trx, "accruals", answers.map((answer, i) => ({
    company_id: companyId, number: numbers[i], vendor_id: answer.vendor_id, date: answer.end_date ?? terms.date,
    amount: answer.response_amount, balance: answer.response_amount, currency_code: ctx.company.currency_code, status: "APPROVED",
    accrual_type: terms.accrualType, description: answer.description ?? terms.description,
    accrual_request_id: answer.id, accrual_blast_id: terms.blastId, submitter_type: "VENDOR", submitter_contact_id: answer.responder_contact_id,
  })), ["id", "number", "accrual_request_id", "vendor_id", "amount"]);
  for (const accrual of booked) {
    await trx.updateTable("accrual_requests").set({ accrual_id: accrual.id as number }).where("id", "=", accrual.accrual_request_id as number).execute();
    if (terms.blastId === null) continue;
    await trx.updateTable("accrual_entries").set({ accrual_id: accrual.id as number, updated_at: new Date() })
      .where("company_id", "=", companyId).where("accrual_blast_id", "=", terms.blastId).where("vendor_id", "=", accrual.vendor_id as number).execute();
  }
  await auditMany(trx, ctx, "create", accruals, booked.map((a) => ({
    id: a.id as number, changes: { amount: a.amount, accrual_request_id: a.accrual_request_id, accrual_blast_id: terms.blastId, booked: true },
  })));
  return booked;
}

/** The requests `ids` take no more answers: CLOSED (those not closed yet), their links withdrawn, audited as closed by `booking`. */
export async function closeRequests(trx: DB, ctx: Ctx, ids: readonly number[], booking: string): Promise<void> {
  if (ids.length === 0) return;
  const companyId = ctx.company.id;
  const closed = await trx.updateTable("accrual_requests").set({ status: "CLOSED", updated_at: new Date() })
    .where("company_id", "=", companyId).where("id", "in", ids).where("status", "<>", "CLOSED").returning("id").execute();
  for (const request of closed) await revokeLinks(trx, companyId, accrualRequestRecord(request.id), "accrual_request");
  await auditMany(trx, ctx, "update", accrualRequests, closed.map((r) => ({ id: r.id, changes: { status: "CLOSED", booked: booking } })));
}

/**
 * The `book` action of a request made on its own (resources/accrual_requests.ts; its `when`: SUBMITTED,
 * answered with an amount, in no blast), on the locked request: its accrual, dated the answer's end
 * date (else the service date, else today), then the request CLOSED. Booking again is refused by the
 * `when` (the request is CLOSED).
 */
export const bookRequest: ActionHandler = async ({ row: request, ctx }) => {
  const trx = ctx.db;
  const [accrual] = await bookAnswers(trx, ctx, [request], {
    date: (request.service_date as string | null) ?? isoDate(), accrualType: "Vendor", description: `Accrual request ${String(request.number)}`, blastId: null,
  });
  await closeRequests(trx, ctx, [request.id as number], String(accrual.number));
  await refreshAccrualSummary(trx, ctx.company.id);
};
