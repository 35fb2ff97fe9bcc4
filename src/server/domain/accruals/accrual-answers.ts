/**
 * A vendor's answer to an accrual request — the one function behind both doors: the vendor portal
 * (portal action submit_accrual) and the private link without an account (POST /api/private/{token}/accruals).
 * An amount (exact, > 0) with a description and service period, or "no accrual needed". In the caller's
 * transaction: the request SUBMITTED with the answer kept on it (booking the blast makes the accrual),
 * its blast entry RESPONDED or NO ACCRUAL, an audit row. One answer per request: a second is refused
 * (409), as is an answer to a blast no longer open (CLOSED or BOOKED) or a request already closed.
 */
import { money } from "../../../framework/money.js";
import accrualRequests from "../../../../resources/accrual_requests.js";
import type { DB } from "../../db/connect.js";
import { conflict, notFound } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { audit } from "../../resources/write.js";
import { checkDateOrder, failIfAny, requirePositive } from "../purchasing/records.js";

const openBlast = ["ACTIVE", "INACTIVE"];

export interface AccrualAnswer {
  no_accrual_needed?: boolean;
  amount?: string | null;
  description?: string | null;
  start_date?: string | null;
  end_date?: string | null;
}

/**
 * The request `requestId` (confined to `vendorId` when given), locked; 404 when not there. Only the
 * request is locked (as the portal's action does): booking locks its blast's requests before reading
 * their answers, so an answer either lands before the booking reads, or finds the request CLOSED.
 */
async function lockedRequest(trx: DB, companyId: number, requestId: number, vendorId?: number): Promise<Row> {
  let qb = trx.selectFrom("accrual_requests").selectAll().where("company_id", "=", companyId).where("id", "=", requestId);
  if (vendorId !== undefined) qb = qb.where("vendor_id", "=", vendorId);
  const request = await qb.forUpdate().executeTakeFirst();
  if (!request) throw notFound();
  return request;
}

/** Why `request` takes no answer now, or null: answered already, closed, or its blast closed or booked. */
export async function answerRefusal(db: DB, request: Row): Promise<string | null> {
  if (request.status === "SUBMITTED") return `Accrual request ${String(request.number)} has already been answered.`;
  if (request.status === "CLOSED") return `Accrual request ${String(request.number)} is closed.`;
  if (request.accrual_blast_id === null) return null;
  const blast = await db.selectFrom("accrual_blasts").select(["number", "status"]).where("id", "=", request.accrual_blast_id as number).executeTakeFirstOrThrow();
  return openBlast.includes(blast.status) ? null : `Accrual blast ${blast.number} is ${blast.status}: it takes no more answers.`;
}

/** Record `answer` on request `requestId` of `who.company`, by `responderContactId` (null: the private link). */
export async function answerAccrualRequest(trx: DB, who: Pick<Ctx, "company" | "user">, requestId: number, answer: AccrualAnswer, responderContactId: number | null, vendorId?: number): Promise<void> {
  const request = await lockedRequest(trx, who.company.id, requestId, vendorId);
  const refusal = await answerRefusal(trx, request);
  if (refusal) throw conflict(refusal);
  const none = answer.no_accrual_needed === true;
  if (!none) requirePositive(answer.amount, "amount");
  const start = answer.start_date ?? request.start_date;
  const end = answer.end_date ?? request.end_date;
  failIfAny(checkDateOrder({ start_date: start, end_date: end }, [["start_date", "end_date"]]));
  const amount = none ? null : money(String(answer.amount)).toFixed(2);
  const changes = {
    status: "SUBMITTED", no_accrual_needed: none, response_amount: amount, description: none ? null : (answer.description ?? null),
    start_date: start as string | null, end_date: end as string | null, responder_contact_id: responderContactId,
  };
  await trx.updateTable("accrual_requests").set({ ...changes, answered_at: new Date(), updated_at: new Date() }).where("id", "=", requestId).execute();
  if (request.accrual_blast_id !== null) {
    await trx.updateTable("accrual_entries").set({ status: none ? "NO ACCRUAL" : "RESPONDED", response_amount: amount, updated_at: new Date() })
      .where("company_id", "=", who.company.id).where("accrual_blast_id", "=", request.accrual_blast_id as number).where("vendor_id", "=", request.vendor_id as number).execute();
  }
  await audit(trx, who, "update", accrualRequests, requestId, { answer: responderContactId === null ? "private link" : "vendor portal", ...changes });
}
