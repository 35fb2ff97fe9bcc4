/**
 * The vendor portal's reading of resources (docs/portal.md), driven by each resource's `portal`
 * declaration (PortalDef): GET /api/portal/{name} and GET /api/portal/{name}/{id}, for vendor-portal
 * users only. It is the generic list/show machinery with three differences, all made here or keyed on
 * the portal principal where the machinery lives:
 * - confinement: `scope` (query.ts) adds `{portal.scope} = the contact's vendor` to every statement a
 *   portal user's request runs on a portal resource (rows, count, filters' and embeds' subqueries);
 * - the fields: only `portal.fields` (and id) are filtered, sorted and searched on, embedded
 *   (relations.ts) and answered (read.ts, `portalRow`);
 * - no list parameters beyond the grammar, no stats; writes only through declared portal actions
 *   (portal-actions.ts).
 * The declarations are checked at boot (`checkPortal`): a bad one stops the app, naming it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ResourceDef } from "../../framework/resource.js";
import { forbidden, notFound } from "../errors.js";
import type { Ctx } from "./context.js";
import { parseListQuery } from "./grammar.js";
import { portalActionRoutes } from "./portal-actions.js";
import { portalPrefix, portalThrough, portalView } from "./portal-view.js";
import { columnsOf, portalWhereOf, related, type ResourceQuery } from "./query.js";
import { readPage, readRecord } from "./read.js";

/** The name no resource may take: its staff paths would lie under the portal's. */
const reservedName = "portal";

/**
 * Every problem of the resources' portal declarations, each naming the culprit: a scope that is not a
 * column, nor a belongs-to relation into a portal resource of that scope; a field that is neither a readable column nor a computed field; a `relation.field` whose
 * relation is undeclared, whose resource is not in the portal, or whose field is not among the
 * relation's fields and that resource's portal fields; a default sort on a field the portal hides.
 */
export function portalProblems(resources: readonly ResourceDef[]): string[] {
  const problems: string[] = [];
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const resource of resources) {
    if (resource.name === reservedName) problems.push(`Resource "${reservedName}" would take the portal's paths ${portalPrefix}/…`);
    const portal = resource.portal;
    if (!portal) continue;
    const at = `Portal of "${resource.name}"`;
    const columns = columnsOf(resource);
    const through = portal.scope.includes(".") ? portalThrough(resource) : undefined;
    if (through) {
      const parent = byName.get(through.resource) ?? related(through.resource);
      if (parent.portal?.scope !== portal.scope.slice(portal.scope.indexOf(".") + 1)) {
        problems.push(`${at}: scope "${portal.scope}": ${parent.name} is not in the portal with that scope`);
      }
    } else {
      const column = columns[portal.scope];
      if (!column || column.writeOnly) problems.push(`${at}: scope "${portal.scope}" is not a column`);
    }
    if (!Array.isArray(portal.fields) || portal.fields.length === 0) {
      problems.push(`${at}: declares no fields`);
      continue;
    }
    for (const field of portal.fields) {
      const dot = field.indexOf(".");
      if (dot < 0) {
        const readable = (columns[field] && !columns[field].writeOnly) || resource.computed?.includes(field);
        if (!readable) problems.push(`${at}: field "${field}" is not in its schema`);
        continue;
      }
      const name = field.slice(0, dot);
      const inner = field.slice(dot + 1);
      const relation = resource.relations?.[name];
      if (!relation) { problems.push(`${at}: "${field}" names no relation`); continue; }
      const target = byName.get(relation.resource) ?? related(relation.resource);
      if (!target.portal) { problems.push(`${at}: "${field}": ${target.name} is not in the portal`); continue; }
      if (!relation.fields.includes(inner) || !(inner === "id" || target.portal.fields.includes(inner))) {
        problems.push(`${at}: "${field}" is not a field of the relation and of ${target.name}'s portal fields`);
      }
    }
    try {
      portalWhereOf(resource);
    } catch (error) {
      problems.push(`${at}: where: ${(error as Error).message}`);
    }
    if (resource.defaultSort.field !== "id" && !portal.fields.includes(resource.defaultSort.field)) {
      problems.push(`${at}: the default sort "${resource.defaultSort.field}" is not among its fields`);
    }
  }
  return problems;
}

/** Boot check of the portal declarations: throws (the app does not boot) naming every problem. */
export function checkPortal(resources: readonly ResourceDef[]): void {
  const problems = portalProblems(resources);
  if (problems.length > 0) throw new Error(problems.join("; "));
}

/** The portal's guard: a portal user, an action the resource offers the portal (403 otherwise, as on the staff paths). */
function portalAuthorize(request: FastifyRequest, resource: ResourceDef, action: "list" | "show"): Ctx {
  const ctx = request.ctx;
  if (!ctx.principal.portal || !resource.portal?.actions.includes(action)) throw forbidden();
  return ctx;
}

/** A portal list query: the grammar over the portal fields only (anything else is refused, 400); no list parameters. */
export function portalQuery(resource: ResourceDef, query: Record<string, unknown>): ResourceQuery {
  return { ...parseListQuery(query, resource, portalView(resource).fields), conditions: [] };
}

/** GET /api/portal/{name}[/{id}] of every resource declaring `portal`, for the actions it lists, and its portal actions. */
export function portalRoutes(app: FastifyInstance, resources: readonly ResourceDef[], claim: (method: string, url: string) => string): void {
  for (const resource of resources) {
    const portal = resource.portal;
    if (!portal) continue;
    const base = `${portalPrefix}/${resource.name}`;
    if (portal.actions.includes("list")) {
      app.get(claim("GET", base), async (request, reply) => {
        const ctx = portalAuthorize(request, resource, "list");
        const page = await readPage(resource, portalQuery(resource, request.query as Record<string, unknown>), ctx);
        reply.header("x-total-count", String(page.total));
        return { data: page.rows, meta: { total: page.total, total_capped: page.totalCapped } };
      });
    }
    if (portal.actions.includes("show")) {
      app.get<{ Params: { id: string } }>(claim("GET", `${base}/:id`), async (request) => {
        const ctx = portalAuthorize(request, resource, "show");
        const data = await readRecord(resource, request.params.id, ctx);
        if (!data) throw notFound();
        return { data };
      });
    }
    portalActionRoutes(app, resource, claim);
  }
}
