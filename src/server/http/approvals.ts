/** The approval engine's endpoints: submit a record, approve / reject / claim an approval, approve many. */
import type { FastifyInstance } from "fastify";
import { can } from "../../framework/permissions.js";
import { resourceByName, resources } from "../../../resources/index.js";
import { act, approvableResource, submit } from "../domain/approvals/engine.js";
import type { Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { isRecordId } from "../validation.js";
import { forbidden, HttpError, unprocessable } from "../errors.js";

const approvals = resourceByName.get("approvals")!;

/** At most this many approvals per bulk approve request. */
export const bulkApproveLimit = 200;

interface BulkResult { id: number; status: number; message?: string }

function bulkIds(body: Row | undefined): number[] {
  const ids = body?.ids;
  if (!Array.isArray(ids) || ids.length === 0) throw unprocessable({ ids: ["must list at least one approval id"] });
  if (ids.length > bulkApproveLimit) throw unprocessable({ ids: [`at most ${bulkApproveLimit} approvals at a time`] });
  if (!ids.every((id) => typeof id === "number" && isRecordId(id))) throw unprocessable({ ids: ["must be whole numbers"] });
  return [...new Set(ids as number[])];
}

export function approvalRoutes(app: FastifyInstance): void {
  for (const resource of resources) {
    const approvable = resource.approvable;
    if (!approvable) continue;
    app.post<{ Params: { id: string } }>(`/api/${resource.name}/:id/submit`, async (request) => {
      const ctx = request.ctx;
      if (ctx.principal.portal || !can(ctx.principal, approvable.permission)) throw forbidden();
      await submit(resource, request.params.id, ctx);
      // the submitting view may no longer see the record (the credit inbox lists NEW credits only): answer from the type's resource
      const view = (await findRow(resource, request.params.id, ctx)) ? resource : approvableResource(approvable.type);
      const [data] = await decorate(view, [(await findRow(view, request.params.id, ctx))!], ctx, true);
      return { data };
    });
  }

  for (const action of ["approve", "reject", "claim"] as const) {
    app.post<{ Params: { id: string } }>(`/api/approvals/:id/${action}`, async (request) => {
      const ctx = request.ctx;
      if (ctx.principal.portal) throw forbidden();
      const row = await act(action, request.params.id, request.body as Row | undefined, ctx);
      const [data] = await decorate(approvals, [row], ctx, true);
      return { data };
    });
  }

  /** Each approval in its own transaction through the engine: one refusal does not undo the others. */
  app.post("/api/approvals/bulk_approve", async (request) => {
    const ctx = request.ctx;
    if (ctx.principal.portal) throw forbidden();
    const body = request.body as Row | undefined;
    const ids = bulkIds(body);
    const comment = typeof body?.comment === "string" ? body.comment : undefined;
    const data: BulkResult[] = [];
    for (const id of ids) {
      try {
        await act("approve", String(id), { comment }, ctx);
        data.push({ id, status: 200 });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        data.push({ id, status: error.status, message: error.message });
      }
    }
    return { data };
  });
}
