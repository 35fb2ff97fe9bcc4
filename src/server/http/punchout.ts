/**
 * Punchout endpoints (domain/purchasing/punchout.ts, docs/punchout.md):
 * - GET /api/punchout/suppliers: the company's enabled suppliers, for the punchout buttons;
 * - GET /api/punchout/generate_url?provider&shipping_id[&operation=inspect]: `{ url }` of the
 *   supplier's start page, or 502 with the spec's "Couldn't generate url";
 * - POST /api/punchout/order_message: public (the supplier's page posts the cart through the
 *   person's browser, cross-site): 303 to the request form, or a page saying why it was refused (422);
 * - GET /api/punchout/sessions/:id: the returned cart, to the person who punched out.
 */
import type { FastifyInstance } from "fastify";
import { HttpError } from "../errors.js";
import { escapeXml } from "../domain/purchasing/punchout-cxml.js";
import { cartOf, checkPunchoutAccess, cxmlOfForm, enabledSuppliers, generateUrl, orderMessagePath, OrderRefused, PunchoutFailure, receiveOrderMessage } from "../domain/purchasing/punchout.js";
import type { DB } from "../db/connect.js";
import { originOf } from "./sso.js";

export const publicPunchoutPaths = [orderMessagePath];

/** The page a refused cart ends on (the browser came from the supplier's site: no app around it). */
const refusalPage = (message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Punchout refused</title></head>
<body><h1>The supplier's cart was not accepted</h1><p>${escapeXml(message)}</p><p><a href="/punchout">Back to punchout</a></p></body></html>`;

export function punchoutRoutes(app: FastifyInstance, db: DB): void {
  app.get("/api/punchout/suppliers", async (request) => {
    checkPunchoutAccess(request.ctx);
    return { data: await enabledSuppliers(request.ctx) };
  });

  app.get<{ Querystring: Record<string, unknown> }>("/api/punchout/generate_url", async (request) => {
    checkPunchoutAccess(request.ctx);
    try {
      return { data: { url: await generateUrl(request.ctx, request.query, originOf(request)) } };
    } catch (error) {
      if (!(error instanceof PunchoutFailure)) throw error;
      request.log.warn({ reason: error.reason, provider: request.query.provider }, "punchout setup failed");
      throw new HttpError(502, { base: [error.message] });
    }
  });

  // the supplier's page posts a form (app.ts parses forms)
  app.post(orderMessagePath, async (request, reply) => {
    try {
      const id = await receiveOrderMessage(db, cxmlOfForm((request.body ?? {}) as Record<string, unknown>));
      return reply.redirect(`/purchase_orders/requests/new?punchoutId=${id}`, 303);
    } catch (error) {
      if (!(error instanceof OrderRefused)) throw error;
      request.log.warn({ reason: error.message }, "punchout order message refused");
      return reply.status(422).type("text/html; charset=utf-8").send(refusalPage(error.message));
    }
  });

  app.get<{ Params: { id: string } }>("/api/punchout/sessions/:id", async (request) => {
    checkPunchoutAccess(request.ctx);
    return { data: await cartOf(request.ctx, request.params.id) };
  });
}
