/**
 * The vendor portal's writes (docs/portal.md "Writes"): each `portal.recordActions` declaration of a
 * resource is served at POST /api/portal/{name}/{id}/{action} (or /api/portal/{name}/{action} for a
 * `collection` action), for vendor-portal users only (staff: 403).
 *
 * Transaction contract: the input is validated first (422 per field); a file action's file is named
 * and checked, then streamed into the file store BEFORE the transaction (a refused row is found first,
 * so that a 404 stores nothing). Then, in ONE transaction: the row found confined to the contact's
 * vendor and locked (FOR UPDATE; another vendor's row is a 404), `when` checked on the row as the
 * portal shows it (409), an audit row naming the action and its input, and the handler of the
 * resource's server module (`portalActions`). If the transaction fails, the stored file is deleted.
 * A collection action's handler writes its own audit rows (through the generic write path).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { portalActionPath, type PortalAction, type ResourceDef } from "../../framework/resource.js";
import { inTransaction } from "../db/unit-of-work.js";
import { forbidden, notFound, unprocessable } from "../errors.js";
import { discardUpload, drain, nameOfFile, storeUpload, type IncomingFile, type StoredUpload } from "../files/upload.js";
import { validateInput } from "../validation.js";
import { checkWhen } from "./actions.js";
import type { Ctx, Row } from "./context.js";
import { portalActionHandler, type ActionResult } from "./modules.js";
import { findRow } from "./query.js";
import { readRecord } from "./read.js";
import { audit } from "./write.js";

/** The action's input: the JSON body, or a multipart request's text fields (then its file, unread). */
async function requestInput(request: FastifyRequest, action: PortalAction): Promise<{ input: Row; file?: IncomingFile }> {
  if (!action.file) {
    const body = request.body ?? {};
    if (typeof body !== "object" || Array.isArray(body)) throw unprocessable({ base: ["The request body must be a JSON object."] });
    return { input: { ...(body as Row) } };
  }
  if (!request.isMultipart()) throw unprocessable({ file: ["must be sent as multipart/form-data"] });
  const input: Row = {};
  for await (const part of request.parts()) {
    // fields come before the file; the file is read once the input passed
    if (part.type === "file") return { input, file: { fileName: part.filename, content: part.file } };
    // an empty text field is a field left blank, as in a JSON body without it
    if (part.value !== "") input[part.fieldname] = part.value;
  }
  return { input };
}

/** An action declaring no input takes none: a vendor's extra field (a status, an amount) is refused, never read or recorded. */
const noInput = { type: "object", additionalProperties: false, properties: {} } as const;

/** The input validated against the declared schema (coerced from text), the file's name checked: 422 per field. */
function checkInput(action: PortalAction, input: Row, file: IncomingFile | undefined): void {
  const errors = { ...(validateInput(action.input ?? noInput, input) ?? {}) };
  if (file || action.file === "required") {
    const problem = nameOfFile(file, action.fileTypes).problem;
    if (problem) errors.file = [problem];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

async function run(resource: ResourceDef, action: PortalAction, id: string | undefined, input: Row, file: StoredUpload | undefined, ctx: Ctx): Promise<ActionResult & { id?: unknown }> {
  const handler = portalActionHandler(resource, action.name);
  return inTransaction(ctx, async (trx, tctx) => {
    if (id === undefined) return (await handler({ resource, input, file, ctx: tctx })) ?? {};
    const row = await findRow(resource, id, tctx, true);
    if (!row) throw notFound();
    await checkWhen(resource, action.name, [action], row, tctx);
    await audit(trx, ctx, "update", resource, row.id as number, { action: action.name, ...(Object.keys(input).length ? { input } : {}) });
    return { id: row.id, ...((await handler({ resource, row, input, file, ctx: tctx })) ?? {}) };
  });
}

/** The routes of `resource`'s portal actions; a route already taken is a boot error (routes.ts `claim`). */
export function portalActionRoutes(app: FastifyInstance, resource: ResourceDef, claim: (method: string, url: string) => string): void {
  for (const action of resource.portal?.recordActions ?? []) {
    app.post<{ Params: { id?: string } }>(claim("POST", portalActionPath(resource.name, action)), { config: { idempotent: action.idempotent === true } }, async (request, reply) => {
      const ctx = request.ctx;
      if (!ctx.principal.portal) throw forbidden();
      const id = request.params.id;
      const { input, file } = await requestInput(request, action);
      let stored: StoredUpload | undefined;
      try {
        checkInput(action, input, file);
        // a file is stored only for a record the vendor may act on (the run looks it up again, locked)
        if (file) {
          if (id !== undefined && !(await findRow(resource, id, ctx))) throw notFound();
          stored = await storeUpload(file, nameOfFile(file, action.fileTypes), ctx);
        }
      } finally {
        drain(file);
      }
      const result = await run(resource, action, id, input, stored, ctx).catch(async (error: unknown) => {
        if (stored) await discardUpload(stored, ctx);
        throw error;
      });
      const shown = result.show ?? result.id;
      const data = result.data !== undefined ? result.data : shown !== undefined ? await readRecord(resource, shown, ctx) : null;
      return reply.status(result.status ?? 200).send({ data });
    });
  }
}
