/**
 * After payment: the transitions of a sent payment (clear, fail, void, reissue), NACHA return files,
 * and the payment's documents (check PDF, run check register, wire instructions, remittance advice).
 * Each route checks the permission of the record action the resource declares for it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { resourceByName } from "../../../resources/index.js";
import { paymentTransitionPermission } from "../../../resources/payments.js";
import { can, canAct } from "../../framework/permissions.js";
import { recordAction, type ResourceDef } from "../../framework/resource.js";
import { importReturns } from "../domain/payments/nacha-return-import.js";
import { checkPdf, checkRegisterCsv, paymentDetails, remittanceAdvice, viewPaymentInstructions } from "../domain/payments/payment-documents.js";
import { transition, type Transition } from "../domain/payments/payment-transitions.js";
import type { Ctx, Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { forbidden } from "../errors.js";
import { sendAttachment } from "./attachment.js";

const payments = resourceByName.get("payments")!;
const paymentRuns = resourceByName.get("payment_runs")!;
const nachaPayments = resourceByName.get("nacha_payments")!;

type WithId = { Params: { id: string } };

/** Staff who may see the resource and hold the action's keys; vendor-portal users never. */
function allowed(request: FastifyRequest, resource: ResourceDef, action: string): Ctx {
  const ctx = request.ctx;
  if (!canAct(ctx.principal, resource, "show") || !can(ctx.principal, recordAction(resource, action).permission)) throw forbidden();
  return ctx;
}

const fileName = (name: string) => name.replace(/[^\w.-]+/g, "_");

export function paymentRoutes(app: FastifyInstance): void {
  for (const kind of ["clear", "fail", "void", "reissue"] as const satisfies readonly Transition[]) {
    // money moves: an Idempotency-Key makes a retry safe (http/idempotency.ts)
    app.post<WithId>(`/api/payments/:id/${kind}`, { config: { idempotent: true } }, async (request, reply) => {
      const ctx = allowed(request, payments, kind);
      const shown = await transition(kind, request.params.id, (request.body ?? {}) as Row, ctx);
      const [data] = await decorate(payments, [(await findRow(payments, shown, ctx))!], ctx, true);
      return reply.status(kind === "reissue" ? 201 : 200).send({ data });
    });
  }

  // text/plain (the file as is) or JSON { file_text } / { content_base64 }
  app.post("/api/nacha_payments/returns", { config: { idempotent: true } }, async (request) => {
    const ctx = request.ctx;
    if (!canAct(ctx.principal, nachaPayments, "list") || !can(ctx.principal, paymentTransitionPermission)) throw forbidden();
    return { data: await importReturns(request.body, ctx) };
  });

  app.get<WithId>("/api/payments/:id/check.pdf", async (request, reply) => {
    const ctx = allowed(request, payments, "check.pdf");
    const details = await paymentDetails(ctx, request.params.id);
    return sendAttachment(reply, "application/pdf", `check-${fileName(String(details.payment.payment_number))}.pdf`, checkPdf(ctx, details));
  });

  app.get<WithId>("/api/payments/:id/instructions", async (request) => {
    const ctx = allowed(request, payments, "instructions");
    return { data: await viewPaymentInstructions(ctx, request.params.id) };
  });

  app.get<WithId>("/api/payments/:id/remittance", async (request) => {
    const ctx = allowed(request, payments, "remittance");
    return { data: await remittanceAdvice(ctx, await paymentDetails(ctx, request.params.id)) };
  });

  app.get<WithId>("/api/payment_runs/:id/check_register", async (request, reply) => {
    const ctx = allowed(request, paymentRuns, "check_register");
    const register = await checkRegisterCsv(ctx, request.params.id);
    return sendAttachment(reply, "text/csv; charset=utf-8", `check-register-${fileName(register.number)}.csv`, register.csv);
  });
}
