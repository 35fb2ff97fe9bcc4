/**
 * POST /api/vendor_credits/{id}/apply: apply an AVAILABLE vendor credit to one invoice
 * (`{ invoice_id, amount }`) or several (`{ applications: [{ invoice_id, amount }] }`), all in one
 * transaction. Permission: reading vendor credits (readCreditMemos, module credit_memos_active) and
 * paying invoices (payInvoices or invoicePayBills: applying a credit settles an invoice as a payment does).
 */
import type { FastifyInstance } from "fastify";
import { can, canAct } from "../../framework/permissions.js";
import { resourceByName } from "../../../resources/index.js";
import { applyCredit } from "../domain/payments/credits.js";
import type { Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { forbidden, HttpError, notFound, unprocessable } from "../errors.js";
import { inTransaction } from "../db/unit-of-work.js";

const vendorCredits = resourceByName.get("vendor_credits")!;
export const applyCreditPermissions = ["payInvoices", "invoicePayBills"];

interface Application { invoice_id: number; amount: unknown; field: (name: string) => string }

/** The body's applications, each with how its errors are named (`amount`, or `applications.2.amount`). */
function applicationsOf(body: Row | undefined): Application[] {
  const several = Array.isArray(body?.applications);
  const list = several ? (body!.applications as unknown[]) : [body ?? {}];
  if (list.length === 0) throw unprocessable({ applications: ["must list at least one application"] });
  return list.map((entry, i) => {
    const item = (entry ?? {}) as Row;
    const field = (name: string) => (several ? `applications.${i}.${name}` : name);
    if (!Number.isInteger(item.invoice_id)) throw unprocessable({ [field("invoice_id")]: ["must be an invoice id"] });
    return { invoice_id: item.invoice_id as number, amount: item.amount, field };
  });
}

export function creditRoutes(app: FastifyInstance): void {
  // money moves: an Idempotency-Key makes a retry safe (http/idempotency.ts)
  app.post<{ Params: { id: string } }>("/api/vendor_credits/:id/apply", { config: { idempotent: true } }, async (request) => {
    const ctx = request.ctx;
    if (!canAct(ctx.principal, vendorCredits, "show") || !can(ctx.principal, applyCreditPermissions)) throw forbidden();
    if (!(await findRow(vendorCredits, request.params.id, ctx))) throw notFound();
    const creditId = Number(request.params.id);
    const applications = applicationsOf(request.body as Row | undefined);
    await inTransaction(ctx, async (trx, tctx) => {
      // invoices locked in id order first, so two applications over the same invoices never deadlock
      const ids = [...new Set(applications.map((a) => a.invoice_id))].sort((a, b) => a - b);
      await trx.selectFrom("invoices").select("id").where("company_id", "=", ctx.company.id).where("id", "in", ids).orderBy("id").forUpdate().execute();
      for (const application of applications) {
        try {
          await applyCredit(trx, tctx, { creditId, invoiceId: application.invoice_id, amount: application.amount as string });
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 422) throw error;
          throw unprocessable(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [application.field(k), v])));
        }
      }
    });
    const [data] = await decorate(vendorCredits, [(await findRow(vendorCredits, creditId, ctx))!], ctx, true);
    return { data };
  });
}
