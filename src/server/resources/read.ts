/**
 * Rows as the API returns them: relations embedded, computed fields added, write-only fields
 * removed. A list page and a shown record are read with their relations in one statement
 * (relations.ts); rows read otherwise (after a write, by a domain route) get them in one more.
 */
import { CompiledQuery } from "kysely";
import { isoDate } from "../../framework/dates.js";
import type { Principal } from "../../framework/permissions.js";
import type { ResourceDef } from "../../framework/resource.js";
import { writeOnlyFields } from "../../framework/schema.js";
import { hooksOf } from "../domain/hooks.js";
import type { Ctx, Row } from "./context.js";
import { listPage, readableRows, type Page, type ResourceQuery } from "./query.js";
import { isRecordId } from "../validation.js";
import { embedRelations, embedsOf } from "./relations.js";

/** A list page as returned: belongs-to and refers-many embedded by the page's own statement. */
export async function readPage(resource: ResourceDef, query: ResourceQuery, ctx: Ctx): Promise<Page> {
  const page = await listPage(resource, query, ctx, embedsOf(resource, ctx, false));
  return { ...page, rows: await finish(resource, page.rows, ctx) };
}

/** One record as shown, every relation embedded by the same statement; undefined when the reader may not see it. */
export async function readRecord(resource: ResourceDef, id: unknown, ctx: Ctx): Promise<Row | undefined> {
  if (!isRecordId(id)) return undefined;
  const statement = showStatement(resource, ctx);
  const parameters = statement.parameters.map((p) => (p === recordId ? Number(id) : p));
  const [row] = (await ctx.db.executeQuery<Row>(CompiledQuery.raw(statement.sql, parameters))).rows;
  return row && (await finish(resource, [row], ctx))[0];
}

/** Where the shown record's id goes among the parameters of a compiled show statement. */
const recordId = Object.freeze({ recordId: true });

/**
 * Show statements, compiled once per reader and day: building and compiling one (a subquery per
 * relation, each scoped) costs more than the rest of the request. A statement is a function of the
 * resource, the reader's keys and modules (which relations; scope hooks), their user, contact and
 * company (owner, personal scope, tenant) and today (delegations): the principal object lives as long
 * as the auth cache's session (the keys, modules and company behind it), the rest is in the key.
 */
const showStatements = new WeakMap<Principal, WeakMap<ResourceDef, Map<string, CompiledQuery<Row>>>>();

function showStatement(resource: ResourceDef, ctx: Ctx): CompiledQuery<Row> {
  let byResource = showStatements.get(ctx.principal);
  if (!byResource) showStatements.set(ctx.principal, (byResource = new WeakMap()));
  let byReader = byResource.get(resource);
  if (!byReader) byResource.set(resource, (byReader = new Map()));
  const key = `${ctx.user.id}:${ctx.contact.id}:${ctx.company.id}:${isoDate()}`;
  let statement = byReader.get(key);
  if (!statement) {
    statement = readableRows(resource, ctx, embedsOf(resource, ctx, true)).where("t.id", "=", recordId).compile() as CompiledQuery<Row>;
    byReader.clear();
    byReader.set(key, statement);
  }
  return statement;
}

/** Decorate rows read without their relations. */
export async function decorate(resource: ResourceDef, rows: Row[], ctx: Ctx, withMany: boolean): Promise<Row[]> {
  await embedRelations(resource, rows, ctx, withMany);
  return finish(resource, rows, ctx);
}

async function finish(resource: ResourceDef, rows: Row[], ctx: Ctx): Promise<Row[]> {
  await hooksOf(resource).decorate?.(rows, ctx);
  return rows.map((row) => withoutWriteOnly(resource, row));
}

export function withoutWriteOnly(resource: ResourceDef, row: Row): Row {
  for (const field of writeOnlyFields(resource)) delete row[field];
  return row;
}
