/**
 * Private links: what a vendor opens without an account. A message to a vendor goes out by e-mail
 * with `/private/{token}` (an outbound link of purpose `message` on the message, 30 days); an accrual
 * request's link `/private/{token}/accruals` (purpose `accrual_request`). Both resolve through the
 * outbound-link primitive (src/server/links): unknown, expired or withdrawn links are refused with
 * their reason and the page shows /invalid_message. The accrual link also answers the request in
 * place, without an account (answerAccrualByLink); it stays usable after the answer, to show it, until
 * the blast is booked.
 */
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { forCompany, systemDb } from "../../db/row-security.js";
import { issueLink, resolveLink, type LinkRefusal } from "../../links/links.js";
import { unprocessable } from "../../errors.js";
import { validateInput } from "../../validation.js";
import { accrualAnswerSchema } from "../../../../schemas/accrual_request.js";
import { answerAccrualRequest, answerRefusal, type AccrualAnswer } from "../accruals/accrual-answers.js";
import { actingFor } from "../identity/acting-for.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";

export const messageLinkSeconds = 30 * 24 * 3600;

/** After a message is created (in its transaction): its link, and the e-mail that carries it. */
export async function sendMessage(row: Row, ctx: Ctx, trx: DB): Promise<void> {
  const id = row.id as number;
  const token = await issueLink(trx, ctx, { purpose: "message", record: { type: "Message", id }, expiresIn: messageLinkSeconds });
  queueMail(ctx, {
    to: String(row.to_email), subject: String(row.subject), related: { type: "Message", id },
    text: `${String(row.body)}\n\nOpen this message and reply: ${config.appUrl}/private/${token}\n\n${ctx.company.name}`,
  });
  // "not sent" until its mail goes (mail/deliver.ts tells the message what became of it)
}

type Opened<T> = { data: T } | { refused: LinkRefusal };

/** What /private/{token} shows: the message, its sender company and vendor. */
export async function openMessage(db: DB, token: string): Promise<Opened<Row>> {
  const link = await resolveLink(db, token, "message");
  if ("refused" in link) return link;
  const message = await forCompany(db, link.companyId).selectFrom("messages as m").innerJoin("vendors as v", "v.id", "m.vendor_id")
    .select(["m.subject", "m.body", "m.sent_at", "v.name as vendor_name"])
    .where("m.id", "=", link.record.id).where("m.company_id", "=", link.companyId).executeTakeFirst();
  if (!message) return { refused: "revoked" };
  // the vendor opened it: the one state only the app can tell (data-spec 7's message states)
  await forCompany(db, link.companyId).updateTable("messages").set({ status: "opened", updated_at: new Date() })
    .where("id", "=", link.record.id).where("status", "!=", "opened").execute();
  return { data: { ...message, ...(await companyOf(db, link.companyId)) } };
}

/**
 * What /private/{token}/accruals shows: the accrual request asked of the vendor, its answer once given,
 * and `answerable` (false once answered, closed, or its blast no longer open).
 */
export async function openAccrualRequest(db: DB, token: string): Promise<Opened<Row>> {
  const link = await resolveLink(db, token, "accrual_request");
  if ("refused" in link) return link;
  const scoped = forCompany(db, link.companyId);
  const request = await scoped.selectFrom("accrual_requests as r").innerJoin("vendors as v", "v.id", "r.vendor_id")
    .select(["r.number", "r.status", "r.service_date", "r.start_date", "r.end_date", "r.no_accrual_needed", "r.response_amount", "r.description",
      "r.answered_at", "r.accrual_blast_id", "v.name as vendor_name"])
    .where("r.id", "=", link.record.id).where("r.company_id", "=", link.companyId).executeTakeFirst();
  if (!request) return { refused: "revoked" };
  // the vendor opened it (as a message's link: openMessage)
  await scoped.updateTable("accrual_requests").set({ message_status: "opened", updated_at: new Date() })
    .where("id", "=", link.record.id).where("message_status", "in", ["not sent", "sent", "withheld", "delivered"]).execute();
  const { accrual_blast_id: _blast, ...shown } = request;
  const company = await companyOf(db, link.companyId);
  const answerable = (await answerRefusal(scoped, request)) === null;
  return { data: { ...shown, answerable, currency_code: company.currency_code, company_name: company.company_name, company_date_format: company.company_date_format } };
}

/** POST /api/private/{token}/accruals: the vendor answers without an account (accrual-answers.ts); then what the page shows. */
export async function answerAccrualByLink(db: DB, token: string, body: unknown): Promise<Opened<Row>> {
  const link = await resolveLink(db, token, "accrual_request");
  if ("refused" in link) return link;
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw unprocessable({ base: ["The request body must be a JSON object."] });
  const input = { ...(body as Row) };
  const errors = validateInput(accrualAnswerSchema, input);
  if (errors) throw unprocessable(errors);
  const company = await companyOf(db, link.companyId);
  await actingFor(db, { id: link.companyId, name: company.company_name }, null, (trx, actor) =>
    answerAccrualRequest(trx, actor, link.record.id, input as AccrualAnswer, null));
  return openAccrualRequest(db, token);
}

/** The sender's name, and its date format for the dates shown */
function companyOf(db: DB, companyId: number) {
  return systemDb(db).selectFrom("companies").select(["name as company_name", "company_date_format", "currency_code"]).where("id", "=", companyId).executeTakeFirstOrThrow();
}
