/**
 * Payment-run endpoints (docs/api.md "Payment runs"): preview, create, exclude, process, delete,
 * and the NACHA file download. Creating, processing and deleting need payInvoices or
 * invoicePayBills (spec 2.15, the pay-bills guard) and the payments module; vendor-portal users never.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { can, moduleEnabled } from "../../framework/permissions.js";
import { resourceByName } from "../../../resources/index.js";
import { createRun, previewRun } from "../domain/payment-runs/create.js";
import type { Ctx } from "../resources/context.js";
import { findRow, tableChanged } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { forbidden, notFound } from "./errors.js";
import { tableWritten } from "./sessions.js";

const runs = resourceByName.get("payment_runs")!;
export const payPermission = ["payInvoices", "invoicePayBills"] as const;

/** The tables a run's create, exclusion, processing or deletion writes. */
export const runTables = ["payment_runs", "payment_run_batches", "payment_run_items", "payments", "invoice_payment_links", "invoices", "activities"] as const;

export function touched(tables: readonly string[]): void {
  for (const table of tables) {
    tableChanged(table);
    tableWritten(table);
  }
}

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

  app.post("/api/payment_runs", async (request, reply) => {
    const ctx = payer(request);
    const id = await createRun(ctx, request.body);
    touched(runTables);
    return reply.status(201).send({ data: await runAnswer(id, ctx) });
  });
}
