/**
 * Payment-run endpoints (docs/api.md "Payment runs"): preview, create, exclude, process, delete,
 * the NACHA file download (a pure GET) and its record (POST …/downloaded). Creating, processing,
 * deleting and recording a download need payInvoices or invoicePayBills (spec 2.15, the pay-bills guard) and the payments module; vendor-portal users never.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { can, canAct, moduleEnabled } from "../../framework/permissions.js";
import { resourceByName } from "../../../resources/index.js";
import { createRun, previewRun } from "../domain/payments/runs/create.js";
import { excludeFromRun } from "../domain/payments/runs/exclude.js";
import { markNachaDownloaded, readNacha } from "../domain/payments/runs/nacha-download.js";
import { processRun } from "../domain/payments/runs/process.js";
import { deleteRun } from "../domain/payments/runs/remove.js";
import type { Ctx } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { forbidden, notFound } from "../errors.js";
import { sendAttachment } from "./attachment.js";

const runs = resourceByName.get("payment_runs")!;
const nacha = resourceByName.get("nacha_payments")!;
export const payPermission = ["payInvoices", "invoicePayBills"] as const;



/** Staff holding the pay-bills keys, in a company with the payments module. */
export function payer(request: FastifyRequest): Ctx {
  const ctx = request.ctx;
  if (ctx.principal.portal || !moduleEnabled(ctx.principal, runs) || !can(ctx.principal, payPermission)) throw forbidden();
  return ctx;
}

export async function runAnswer(id: unknown, ctx: Ctx) {
  const row = await findRow(runs, id, ctx);
  if (!row) throw notFound();
  const [data] = await decorate(runs, [row], ctx, true);
  return data;
}

export function paymentRunRoutes(app: FastifyInstance): void {
  app.post("/api/payment_runs/preview", async (request) => ({ data: await previewRun(payer(request), request.body) }));

  // money-moving POSTs accept an Idempotency-Key (http/idempotency.ts)
  const idempotent = { config: { idempotent: true } };

  app.post("/api/payment_runs", idempotent, async (request, reply) => {
    const ctx = payer(request);
    const id = await createRun(ctx, request.body);
    return reply.status(201).send({ data: await runAnswer(id, ctx) });
  });

  // an approver of the run's current step, who may not hold the pay keys: the run must be readable to them
  app.post<{ Params: { id: string } }>("/api/payment_runs/:id/exclude", async (request) => {
    const ctx = request.ctx;
    if (!canAct(ctx.principal, runs, "show")) throw forbidden();
    const id = await excludeFromRun(ctx, request.params.id, request.body);
    return { data: await runAnswer(id, ctx) };
  });

  app.post<{ Params: { id: string } }>("/api/payment_runs/:id/process", idempotent, async (request) => {
    const data = await processRun(payer(request), request.params.id);
    return { data };
  });

  app.delete<{ Params: { id: string } }>("/api/payment_runs/:id", async (request) => {
    const ctx = payer(request);
    const run = await deleteRun(ctx, request.params.id);
    return { data: run };
  });

  app.get<{ Params: { id: string } }>("/api/nacha_payments/:id/file", async (request, reply) => {
    const ctx = request.ctx;
    if (!canAct(ctx.principal, nacha, "show")) throw forbidden();
    const file = await readNacha(ctx, request.params.id);
    return sendAttachment(reply, "text/plain; charset=utf-8", file.fileName.replace(/[^\w.-]/g, "_"), file.content);
  });

  // who processes payments records that the file went to the bank (the client posts it after a download)
  app.post<{ Params: { id: string } }>("/api/nacha_payments/:id/downloaded", async (request) => {
    const ctx = payer(request);
    const row = await markNachaDownloaded(ctx, request.params.id);
    const [data] = await decorate(nacha, [row], ctx, false);
    return { data };
  });
}
