/**
 * The public side of outbound links: `GET /api/public/links/{purpose}/{token}` needs no sign-in (the
 * token is the credential) and answers what the link opens, or refuses it with a plain reason —
 * 404 for an unknown (or tampered) token, 410 Gone for an expired or revoked one — so the public
 * page can say why. Flows that act on a link (set a password, answer a request) resolve it the same way.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { DB } from "../db/connect.js";
import { replyToMessage } from "../domain/admin/message-replies.js";
import { answerAccrualByLink, openAccrualRequest, openMessage } from "../domain/admin/private-links.js";
import { linkPurposes, resolveLink, type LinkPurpose, type LinkRefusal } from "./links.js";

export const publicLinksPrefix = "/api/public/links/";
export const privateLinksPrefix = "/api/private/";

const linkRefusals: Readonly<Record<LinkRefusal, { status: number; message: string }>> = {
  unknown: { status: 404, message: "This link is not valid." },
  expired: { status: 410, message: "This link has expired." },
  revoked: { status: 410, message: "This link has been withdrawn." },
};

/** Answer a refused link with its status, plain message and reason (for the public page to say why). */
export function refuseLink(reply: FastifyReply, reason: LinkRefusal) {
  const refusal = linkRefusals[reason];
  return reply.status(refusal.status).send({ errors: { base: [refusal.message] }, reason });
}

export function publicLinkRoutes(app: FastifyInstance, db: DB): void {
  // private links of vendors (domain/admin/private-links.ts)
  app.get<{ Params: { token: string } }>(`${privateLinksPrefix}:token`, async (request, reply) => {
    const opened = await openMessage(db, request.params.token);
    return "refused" in opened ? refuseLink(reply, opened.refused) : opened;
  });
  // the vendor answers the message in place (domain/admin/message-replies.ts)
  app.post<{ Params: { token: string } }>(`${privateLinksPrefix}:token`, async (request, reply) => {
    const answered = await replyToMessage(db, request.params.token, request.body);
    return "refused" in answered ? refuseLink(reply, answered.refused) : reply.status(201).send(answered);
  });
  app.get<{ Params: { token: string } }>(`${privateLinksPrefix}:token/accruals`, async (request, reply) => {
    const opened = await openAccrualRequest(db, request.params.token);
    return "refused" in opened ? refuseLink(reply, opened.refused) : opened;
  });
  // the vendor answers the accrual request in place, without an account (the token is the credential)
  app.post<{ Params: { token: string } }>(`${privateLinksPrefix}:token/accruals`, async (request, reply) => {
    const answered = await answerAccrualByLink(db, request.params.token, request.body);
    return "refused" in answered ? refuseLink(reply, answered.refused) : answered;
  });

  app.get<{ Params: { purpose: string; token: string } }>(`${publicLinksPrefix}:purpose/:token`, async (request, reply) => {
    const { purpose, token } = request.params;
    const resolved = linkPurposes.includes(purpose as LinkPurpose) ? await resolveLink(db, token, purpose as LinkPurpose) : { refused: "unknown" as const };
    if ("refused" in resolved) return refuseLink(reply, resolved.refused);
    // the company lets the page open the record in the right one of a login's companies
    return { data: { purpose, record: resolved.record, company_id: resolved.companyId, expires_at: resolved.expiresAt.toISOString() } };
  });
}
