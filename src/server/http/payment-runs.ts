/**
 * Payment-run endpoints that are no record's action (docs/api.md "Payment runs"): preview and create.
 * Exclude, process, the check register, the NACHA file and its download record are declared actions
 * (resources/payment_runs.ts, nacha_payments.ts), the delete the generic one. Creating needs payInvoices or
 * invoicePayBills (spec 2.15, the pay-bills guard) for invoice rows, payExpenseReports for expense rows,
 * and the payments module; vendor-portal users never.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { can, moduleEnabled } from "../../framework/permissions.js";
import { resourceByName } from "../../../resources/index.js";
import { createRun, payExpenseKeys, payInvoiceKeys, previewRun } from "../domain/payments/runs/create.js";
import type { Ctx } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { forbidden, notFound } from "../errors.js";

const runs = resourceByName.get("payment_runs")!;

/** Staff holding the pay-bills or pay-expenses keys, in a company with the payments module (create.ts checks each row's kind). */
function payer(request: FastifyRequest): Ctx {
  const ctx = request.ctx;
  if (ctx.principal.portal || !moduleEnabled(ctx.principal, runs) || !can(ctx.principal, [...payInvoiceKeys, ...payExpenseKeys])) throw forbidden();
  return ctx;
}

export function paymentRunRoutes(app: FastifyInstance): void {
  app.post("/api/payment_runs/preview", async (request) => ({ data: await previewRun(payer(request), request.body) }));

  // money-moving POSTs accept an Idempotency-Key (http/idempotency.ts)
  app.post("/api/payment_runs", { config: { idempotent: true } }, async (request, reply) => {
    const ctx = payer(request);
    const id = await createRun(ctx, request.body);
    const row = await findRow(runs, id, ctx);
    if (!row) throw notFound();
    const [data] = await decorate(runs, [row], ctx, true);
    return reply.status(201).send({ data });
  });
}
