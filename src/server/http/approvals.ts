/** The approval engine's endpoints: submit a record, approve / reject / claim an approval. */
import type { FastifyInstance } from "fastify";
import { can } from "../../framework/permissions.js";
import { resourceByName, resources } from "../../../resources/index.js";
import { act, approvableResource, submit } from "../domain/approval-engine.js";
import type { Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { forbidden } from "./errors.js";

const approvals = resourceByName.get("approvals")!;

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
}
