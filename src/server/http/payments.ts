/**
 * NACHA return files: POST /api/nacha_payments/returns fails the returned payments and applies notifications of change, /preview shows what it would do (no record's action:
 * a file about many). The transitions and documents of one payment are declared actions (resources/payments.ts).
 */
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../resources/index.js";
import { paymentTransitionPermission } from "../../../resources/payments.js";
import { can, canAct } from "../../framework/permissions.js";
import { applyBankFile, previewBankFile } from "../domain/payments/bank-files/bank-returns.js";
import { forbidden } from "../errors.js";

const nachaPayments = resourceByName.get("nacha_payments")!;

export function paymentRoutes(app: FastifyInstance): void {
  // text/plain (the file as is) or JSON { file_text } / { content_base64 }
  // returns fail payments, notifications of change correct vendor methods (through re-approval); the preview writes nothing
  app.post("/api/nacha_payments/returns", { config: { idempotent: true } }, async (request) => {
    const ctx = request.ctx;
    if (!canAct(ctx.principal, nachaPayments, "list") || !can(ctx.principal, paymentTransitionPermission)) throw forbidden();
    return { data: await applyBankFile(request.body, ctx) };
  });
  app.post("/api/nacha_payments/returns/preview", async (request) => {
    const ctx = request.ctx;
    if (!canAct(ctx.principal, nachaPayments, "list") || !can(ctx.principal, paymentTransitionPermission)) throw forbidden();
    return { data: await previewBankFile(request.body, ctx) };
  });
}
