/** The approval engine's endpoints: submit a record, approve / reject / claim an approval. */
import type { FastifyInstance } from "fastify";
import { can } from "../../framework/permissions.js";
import { resourceByName } from "../../../resources/index.js";
import { act, submit } from "../domain/approval-engine.js";
import type { Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { forbidden } from "./errors.js";

const invoices = resourceByName.get("invoices")!;
const approvals = resourceByName.get("approvals")!;

export function approvalRoutes(app: FastifyInstance): void {
  app.post<{ Params: { id: string } }>("/api/invoices/:id/submit", async (request) => {
    const ctx = request.ctx;
    if (ctx.principal.portal || !can(ctx.principal, ["editInvoices", "addInvoices"])) throw forbidden();
    await submit("Invoice", request.params.id, ctx);
    const [data] = await decorate(invoices, [(await findRow(invoices, request.params.id, ctx))!], ctx, true);
    return { data };
  });

  for (const action of ["approve", "reject", "claim"] as const) {
    app.post<{ Params: { id: string } }>(`/api/approvals/:id/${action}`, async (request) => {
      const ctx = request.ctx;
      if (ctx.principal.portal) throw forbidden();
      const row = await act(action, request.params.id, request.body as Row | undefined, ctx);
      const [data] = await decorate(approvals, [row], ctx, true);
      return { data };
    });
  }
}
