/**
 * Declared actions (ResourceDef.recordActions, plus the submit of an approvable) served the same way
 * for every resource:
 * - POST /api/{resource}/{id}/{action} (kind post): who may see the resource and holds the action's keys
 *   (any one; else 403); the input validated against the declared JSON Schema (422 per field); then in
 *   ONE transaction: the row found and locked (FOR UPDATE; 404), `when` checked on it (409), an audit
 *   row naming the action and its input, and the handler (the server module's, or the built-in status
 *   move of a `to` action, whose audit row is the move). A declared
 *   `idempotent` action honours Idempotency-Key (http/idempotency.ts).
 * - GET /api/{resource}/{id}/{action} (kinds download and view): the same guard and `when` on the row,
 *   read without a lock; the handler answers a file or data.
 * - POST /api/{resource}/bulk/{action} (actions declared `bulk`): `{ ids, ...input }`; the guard and the
 *   input once, then each row in its own transaction as above; the answer lists an outcome per row,
 *   `{ id, status: 200 }` or `{ id, status, message }` for a refusal, which does not undo the others.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matches } from "../../framework/conditions.js";
import { can, canAct } from "../../framework/permissions.js";
import { actionGroups, type Condition, type RecordAction, type ResourceDef } from "../../framework/resource.js";
import { conflict, forbidden, HttpError, notFound, unprocessable } from "../errors.js";
import { sendAttachment } from "../http/attachment.js";
import { inTransaction } from "../db/unit-of-work.js";
import { isRecordId, validateInput } from "../validation.js";
import type { Ctx, Row } from "./context.js";
import { actionEntry, type ActionResult } from "./modules.js";
import { findRow } from "./query.js";
import { decorate } from "./read.js";
import { audit, transitionRow } from "./write.js";

/** At most this many rows per bulk request. */
export const bulkLimit = 200;

/** One endpoint: the declarations sharing its name (one or more buttons). */
export interface ActionEndpoint {
  name: string;
  kind: RecordAction["kind"];
  variants: readonly RecordAction[];
  input?: object;
  idempotent: boolean;
  bulk: boolean;
}

/** A resource's action endpoints, one per declared name. */
export function actionEndpoints(resource: ResourceDef): ActionEndpoint[] {
  return actionGroups(resource).map(({ name, variants }) => ({
    name, kind: variants[0].kind, variants,
    input: variants.find((v) => v.input)?.input,
    idempotent: variants.some((v) => v.idempotent), bulk: variants.some((v) => v.bulk),
  }));
}

/** The declarations the user may run: may see the resource and holds one declaration's keys. 403 otherwise. */
function held(ctx: Ctx, resource: ResourceDef, endpoint: ActionEndpoint): readonly RecordAction[] {
  if (!canAct(ctx.principal, resource, "show")) throw forbidden();
  const allowed = endpoint.variants.filter((v) => can(ctx.principal, v.permission));
  if (!allowed.length) throw forbidden();
  return allowed;
}

/** One of the allowed declarations' `when` must match the row (as the reader is shown it, computed fields included); 409 otherwise. */
export async function checkWhen(resource: ResourceDef, name: string, allowed: readonly { when?: Condition; refusal?: string }[], row: Row, ctx: Ctx): Promise<void> {
  if (allowed.some((v) => !v.when)) return;
  const [view] = await decorate(resource, [{ ...row }], ctx, false);
  if (allowed.some((v) => matches(v.when, view))) return;
  const title = String(row[resource.title] ?? row.id);
  const refusal = allowed.find((v) => v.refusal)?.refusal;
  if (refusal) throw conflict(refusal.replace("{title}", title));
  const status = resource.statuses ? ` in status ${String(row[resource.statuses.field])}` : " now";
  throw conflict(`${resource.name.replace(/_/g, " ")} ${title} cannot ${name.replace(/[_.]/g, " ")}${status}.`);
}

/** The request body as the action's input (object; without the bulk ids), validated against its schema. */
function inputOf(endpoint: ActionEndpoint, body: unknown, omit?: string): Row {
  if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) throw unprocessable({ base: ["The request body must be a JSON object."] });
  const input: Row = { ...((body ?? {}) as Row) };
  if (omit) delete input[omit];
  const errors = endpoint.input ? validateInput(endpoint.input, input) : null;
  if (errors) throw unprocessable(errors);
  return input;
}

/** Run a post action on one row: lock, `when`, handler and audit in one transaction; returns what to answer. */
async function runPost(resource: ResourceDef, endpoint: ActionEndpoint, allowed: readonly RecordAction[], id: string, input: Row, ctx: Ctx): Promise<{ status: number; data: unknown }> {
  const to = allowed.find((v) => v.to !== undefined)?.to;
  if (to !== undefined) {
    // the built-in handler: a status move through the generic update path (its audit row is the move)
    const row = await transitionRow(resource, to, id, ctx, (existing, tctx) => checkWhen(resource, endpoint.name, allowed, existing, tctx));
    const [data] = await decorate(resource, [row], ctx, true);
    return { status: 200, data };
  }
  const entry = actionEntry(resource, endpoint.name);
  const result = await inTransaction(ctx, async (trx, tctx) => {
    const row = entry.find ? await entry.find(id, tctx) : await findRow(resource, id, tctx, true);
    if (!row) throw notFound();
    await checkWhen(resource, endpoint.name, allowed, row, tctx);
    // who ran which action with which input, before the handler's own rows of what it changed
    await audit(trx, ctx, "update", resource, row.id as number, { action: endpoint.name, ...(Object.keys(input).length ? { input } : {}) });
    const answer = (await entry.run({ resource, row, input, ctx: tctx })) ?? {};
    return { ...answer, id: row.id };
  });
  return { status: result.status ?? 200, data: await answerOf(resource, result, ctx) };
}

/** The answer of a handler: its data, else the record it names (or the acted-on one) as the resource shows it. */
async function answerOf(resource: ResourceDef, result: ActionResult & { id: unknown }, ctx: Ctx): Promise<unknown> {
  if (result.data !== undefined) return result.data;
  const row = await findRow(resource, result.show ?? result.id, ctx);
  if (!row) throw notFound();
  const [data] = await decorate(resource, [row], ctx, true);
  return data;
}

async function runGet(resource: ResourceDef, endpoint: ActionEndpoint, request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
  const ctx = request.ctx;
  const allowed = held(ctx, resource, endpoint);
  const row = await findRow(resource, request.params.id, ctx);
  if (!row) throw notFound();
  await checkWhen(resource, endpoint.name, allowed, row, ctx);
  const result = (await actionEntry(resource, endpoint.name).run({ resource, row, input: request.query as Row, ctx })) ?? {};
  if (result.file) return sendAttachment(reply, result.file.contentType, result.file.fileName, result.file.content);
  return { data: result.data ?? (await answerOf(resource, { ...result, id: row.id }, ctx)) };
}

function bulkIds(body: unknown): number[] {
  const ids = (body as Row | null | undefined)?.ids;
  if (!Array.isArray(ids) || ids.length === 0) throw unprocessable({ ids: ["must list at least one id"] });
  if (ids.length > bulkLimit) throw unprocessable({ ids: [`at most ${bulkLimit} at a time`] });
  if (!ids.every((id) => typeof id === "number" && isRecordId(id))) throw unprocessable({ ids: ["must be whole numbers"] });
  return [...new Set(ids as number[])];
}

/** The routes of every declared action of `resource`; a route already taken is a boot error (see routes.ts `claim`). */
export function actionRoutes(app: FastifyInstance, resource: ResourceDef, claim: (method: string, url: string) => string): void {
  const base = `/api/${resource.name}`;
  type WithId = { Params: { id: string } };
  for (const endpoint of actionEndpoints(resource)) {
    const config = { idempotent: endpoint.idempotent };
    // the keys before the body is read and validated: 403 whatever is sent
    const onRequest = async (request: FastifyRequest): Promise<void> => void held(request.ctx, resource, endpoint);
    if (endpoint.kind !== "post") {
      app.get<WithId>(claim("GET", `${base}/:id/${endpoint.name}`), (request, reply) => runGet(resource, endpoint, request, reply));
      continue;
    }
    app.post<WithId>(claim("POST", `${base}/:id/${endpoint.name}`), { config, onRequest }, async (request, reply) => {
      const ctx = request.ctx;
      const allowed = held(ctx, resource, endpoint);
      const input = inputOf(endpoint, request.body);
      const { status, data } = await runPost(resource, endpoint, allowed, request.params.id, input, ctx);
      return reply.status(status).send({ data });
    });
    if (!endpoint.bulk) continue;
    app.post(claim("POST", `${base}/bulk/${endpoint.name}`), { config, onRequest }, async (request) => {
      const ctx = request.ctx;
      const allowed = held(ctx, resource, endpoint);
      const ids = bulkIds(request.body);
      const input = inputOf(endpoint, request.body, "ids");
      const data: { id: number; status: number; message?: string }[] = [];
      for (const id of ids) {
        try {
          await runPost(resource, endpoint, allowed, String(id), input, ctx);
          data.push({ id, status: 200 });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          data.push({ id, status: error.status, message: error.message });
        }
      }
      return { data };
    });
  }
}
