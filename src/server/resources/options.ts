/**
 * GET /api/{resource}/options: the rows a form may refer to, as id and name only, for a user who
 * may write such a form but not list the resource (framework/references.ts). The list's query
 * grammar applies (`q`, `id`, paging), in the company's and the user's scope.
 */
import type { FastifyRequest } from "fastify";
import { mayChooseFrom } from "../../framework/references.js";
import type { ResourceDef } from "../../framework/resource.js";
import { resources } from "../../../resources/index.js";
import { forbidden } from "../errors.js";
import { hooksOf } from "./modules.js";
import { parseQuery } from "./query.js";
import { readPage } from "./read.js";

export async function options(resource: ResourceDef, request: FastifyRequest) {
  const ctx = request.ctx;
  if (ctx.principal.portal || !mayChooseFrom(ctx.principal, resource, resources)) throw forbidden();
  const page = await readPage(resource, parseQuery(resource, request.query as Record<string, unknown>, undefined, hooksOf(resource).listParams), ctx);
  const named = ["id", ...(resource.nameFields ?? [resource.title])];
  return { data: page.rows.map((row) => Object.fromEntries(named.map((field) => [field, row[field]]))), meta: { total: page.total } };
}
