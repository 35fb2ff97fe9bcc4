/**
 * The public side of outbound links: `GET /api/public/links/{purpose}/{token}` needs no sign-in (the
 * token is the credential) and answers what the link opens, or refuses it with a plain reason —
 * 404 for an unknown (or tampered) token, 410 Gone for an expired or revoked one — so the public
 * page can say why. Flows that act on a link (set a password, answer a request) resolve it the same way.
 */
import type { FastifyInstance } from "fastify";
import type { DB } from "../db/connect.js";
import { linkPurposes, resolveLink, type LinkPurpose, type LinkRefusal } from "./links.js";

export const publicLinksPrefix = "/api/public/links/";

export const linkRefusals: Readonly<Record<LinkRefusal, { status: number; message: string }>> = {
  unknown: { status: 404, message: "This link is not valid." },
  expired: { status: 410, message: "This link has expired." },
  revoked: { status: 410, message: "This link has been withdrawn." },
};

export function publicLinkRoutes(app: FastifyInstance, db: DB): void {
  app.get<{ Params: { purpose: string; token: string } }>(`${publicLinksPrefix}:purpose/:token`, async (request, reply) => {
    const { purpose, token } = request.params;
    const resolved = linkPurposes.includes(purpose as LinkPurpose) ? await resolveLink(db, token, purpose as LinkPurpose) : { refused: "unknown" as const };
    if ("refused" in resolved) {
      const refusal = linkRefusals[resolved.refused];
      return reply.status(refusal.status).send({ errors: { base: [refusal.message] }, reason: resolved.refused });
    }
    return { data: { purpose, record: resolved.record, expires_at: resolved.expiresAt.toISOString() } };
  });
}
