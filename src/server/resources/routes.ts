/**
 * One generic Fastify plugin: list/show/create/update/delete for every resource of the registry,
 * with the permission keys (any-one rule) and module settings checked before anything runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { can, canAct, type ResourceAction } from "../../framework/permissions.js";
import type { ResourceDef } from "../../framework/resource.js";
import { hooksOf } from "../domain/hooks.js";
import { forbidden, notFound } from "../errors.js";
import type { Ctx } from "./context.js";
import { parseQuery } from "./query.js";
import { decorate, readPage, readRecord, withoutWriteOnly } from "./read.js";
import { stats } from "./stats.js";
import { createRow, deleteRow, transitionRow, updateRow } from "./write.js";

export function authorize(request: FastifyRequest, resource: ResourceDef, action: ResourceAction): Ctx {
  const ctx = request.ctx;
  if (!canAct(ctx.principal, resource, action)) throw forbidden();
  return ctx;
}

/** The list answer: a page of decorated rows, the total in meta and in x-total-count. `ignored` query keys are not filters. */
export async function listResponse(resource: ResourceDef, query: Record<string, unknown>, ctx: Ctx, reply: FastifyReply, ignored?: ReadonlySet<string>) {
  const page = await readPage(resource, parseQuery(resource, query, ignored, hooksOf(resource).listParams), ctx);
  reply.header("x-total-count", String(page.total));
  return { data: page.rows, meta: { total: page.total, total_capped: page.totalCapped } };
}

export function resourceRoutes(app: FastifyInstance, resources: readonly ResourceDef[]): void {
  for (const resource of resources) {
    const base = `/api/${resource.name}`;
    // a domain route registered earlier for the same method and path takes precedence
    const free = (method: string, url: string) => !app.hasRoute({ method, url });
    type WithId = { Params: { id: string } };

    if (free("GET", base)) {
      app.get(base, async (request, reply) => listResponse(resource, request.query as Record<string, unknown>, authorize(request, resource, "list"), reply));
    }

    app.get(`${base}/stats`, async (request) => {
      const ctx = authorize(request, resource, "list");
      return { data: await stats(resource, request.query as Record<string, unknown>, ctx) };
    });

    if (free("GET", `${base}/:id`)) {
      app.get<WithId>(`${base}/:id`, async (request) => {
        const ctx = authorize(request, resource, "show");
        const data = await readRecord(resource, request.params.id, ctx);
        if (!data) throw notFound();
        return { data };
      });
    }

    if (resource.permissions.create && free("POST", base)) {
      app.post(base, async (request, reply) => {
        const ctx = authorize(request, resource, "create");
        const row = await createRow(resource, request.body, ctx);
        const [data] = await decorate(resource, [row], ctx, true);
        return reply.status(201).send({ data });
      });
    }

    if (resource.permissions.edit && free("PATCH", `${base}/:id`)) {
      app.patch<WithId>(`${base}/:id`, async (request) => {
        const ctx = authorize(request, resource, "edit");
        const row = await updateRow(resource, request.params.id, request.body, ctx);
        const [data] = await decorate(resource, [row], ctx, true);
        return { data };
      });
    }

    // declared status transitions (RecordAction `to`): the action's keys (any one) on a readable record
    for (const action of resource.recordActions ?? []) {
      const { to } = action;
      if (to === undefined || !free("POST", `${base}/:id/${action.name}`)) continue;
      app.post<WithId>(`${base}/:id/${action.name}`, async (request) => {
        const ctx = request.ctx;
        if (!canAct(ctx.principal, resource, "show") || !can(ctx.principal, action.permission)) throw forbidden();
        const row = await transitionRow(resource, { ...action, to }, request.params.id, ctx);
        const [data] = await decorate(resource, [row], ctx, true);
        return { data };
      });
    }

    if (resource.permissions.delete && free("DELETE", `${base}/:id`)) {
      app.delete<WithId>(`${base}/:id`, async (request) => {
        const ctx = authorize(request, resource, "delete");
        const row = await deleteRow(resource, request.params.id, ctx);
        return { data: withoutWriteOnly(resource, row) };
      });
    }
  }
}
