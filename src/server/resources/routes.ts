/**
 * One generic Fastify plugin: list/show/create/update/delete and the list's export (export.ts) for every resource of the registry,
 * with the permission keys (any-one rule) and module settings checked before anything runs; and the
 * vendor portal's list/show of the resources declaring `portal` (portal.ts, docs/portal.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { canAct, type ResourceAction } from "../../framework/permissions.js";
import type { ResourceDef } from "../../framework/resource.js";
import { actionRoutes } from "./actions.js";
import { exportList } from "./export.js";
import { hooksOf } from "./modules.js";
import { forbidden, notFound } from "../errors.js";
import type { Ctx } from "./context.js";
import { checkLineContext } from "./lines.js";
import { checkPortal, portalRoutes } from "./portal.js";
import { options } from "./options.js";
import { parseQuery } from "./query.js";
import { decorate, readPage, readRecord, withoutWriteOnly } from "./read.js";
import { stats } from "./stats.js";
import { createRow, deleteRow, updateRow } from "./write.js";

export function authorize(request: FastifyRequest, resource: ResourceDef, action: ResourceAction): Ctx {
  const ctx = request.ctx;
  if (!canAct(ctx.principal, resource, action)) throw forbidden();
  return ctx;
}

/**
 * The permission as an onRequest hook of the route: checked before the body is parsed and validated
 * (the input guard, the schemas), so that a user without the keys is answered 403 whatever they send.
 */
export const permitted = (resource: ResourceDef, action: ResourceAction) => async (request: FastifyRequest): Promise<void> => {
  authorize(request, resource, action);
};

/** The list answer: a page of decorated rows, the total in meta and in x-total-count. `ignored` query keys are not filters. */
export async function listResponse(resource: ResourceDef, query: Record<string, unknown>, ctx: Ctx, reply: FastifyReply, ignored?: ReadonlySet<string>) {
  const page = await readPage(resource, parseQuery(resource, query, ignored, hooksOf(resource).listParams), ctx);
  reply.header("x-total-count", String(page.total));
  return { data: page.rows, meta: { total: page.total, total_capped: page.totalCapped } };
}

/**
 * Every generic and declared-action route of `resources`. A route some hand-written plugin registered
 * before for the same method and path would silently take precedence: that is a boot error naming it
 * (behaviour belongs in the resource's server module: hooks, `answers`, declared actions).
 */
export function resourceRoutes(app: FastifyInstance, resources: readonly ResourceDef[]): void {
  checkPortal(resources);
  checkLineContext(resources);
  const claim = (method: string, url: string) => {
    if (app.hasRoute({ method, url })) throw new Error(`A hand-written route ${method} ${url} shadows a generic or declared one`);
    return url;
  };
  portalRoutes(app, resources, claim);
  for (const resource of resources) {
    const base = `/api/${resource.name}`;
    const answers = hooksOf(resource).answers;
    type WithId = { Params: { id: string } };

    app.get(claim("GET", base), async (request, reply) => {
      const ctx = authorize(request, resource, "list");
      const query = request.query as Record<string, unknown>;
      const own = await answers?.list?.(query, ctx);
      return own !== undefined ? { data: own } : listResponse(resource, query, ctx, reply);
    });

    app.get(claim("GET", `${base}/export`), async (request, reply) =>
      exportList(resource, request.query as Record<string, unknown>, authorize(request, resource, "list"), reply));

    app.get(claim("GET", `${base}/stats`), async (request) => {
      const ctx = authorize(request, resource, "list");
      return { data: await stats(resource, request.query as Record<string, unknown>, ctx) };
    });

    app.get(claim("GET", `${base}/options`), async (request) => options(resource, request));

    app.get<WithId>(claim("GET", `${base}/:id`), async (request) => {
      const ctx = authorize(request, resource, "show");
      const data = await readRecord(resource, request.params.id, ctx);
      if (!data) throw notFound();
      return { data };
    });

    if (resource.permissions.create) {
      // a retried create (the answer lost on the way) makes one record, not two (docs/api.md "Idempotency")
      app.post(claim("POST", base), { config: { idempotent: true }, onRequest: permitted(resource, "create") }, async (request, reply) => {
        const ctx = authorize(request, resource, "create");
        const row = await createRow(resource, request.body, ctx);
        const [data] = await decorate(resource, [row], ctx, true);
        return reply.status(201).send({ data });
      });
    }

    if (resource.permissions.edit || answers?.update) {
      // a resource answering its own edits (answers.update) checks its own rights
      app.patch<WithId>(claim("PATCH", `${base}/:id`), { onRequest: answers?.update ? [] : permitted(resource, "edit") }, async (request) => {
        const own = await answers?.update?.(request.params.id, request.body, request.ctx);
        if (own !== undefined) return { data: own };
        const ctx = authorize(request, resource, "edit");
        const row = await updateRow(resource, request.params.id, request.body, ctx);
        const [data] = await decorate(resource, [row], ctx, true);
        return { data };
      });
    }

    actionRoutes(app, resource, claim);

    if (resource.permissions.delete) {
      app.delete<WithId>(claim("DELETE", `${base}/:id`), { onRequest: permitted(resource, "delete") }, async (request) => {
        const ctx = authorize(request, resource, "delete");
        const row = await deleteRow(resource, request.params.id, ctx);
        return { data: withoutWriteOnly(resource, row) };
      });
    }
  }
}
