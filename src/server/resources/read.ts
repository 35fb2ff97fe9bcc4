/**
 * Rows as the API returns them: relations embedded, computed fields added, write-only fields
 * removed. A list page and a shown record are read with their relations in one statement
 * (relations.ts); rows read otherwise (after a write, by a domain route) get them in one more.
 */
import { CompiledQuery } from "kysely";
import { contextOf, contextRelations } from "../../framework/lines.js";
import { tableOf, type LinesDef, type ResourceDef } from "../../framework/resource.js";
import { writeOnlyFields } from "../../framework/schema.js";
import { hooksOf } from "./modules.js";
import type { Ctx, Row } from "./context.js";
import { listPage, related, scope, shownRows, type Page, type ResourceQuery } from "./query.js";
import { isRecordId } from "../validation.js";
import { perReader } from "./per-reader.js";
import { portalRow, readsAsPortal } from "./portal-view.js";
import { embedRelation, embedRelations, embedsOf } from "./relations.js";
import { nameReferences } from "./reference-names.js";
import { untyped } from "../db/connect.js";

/** A list page as returned: belongs-to and refers-many embedded by the page's own statement. */
export async function readPage(resource: ResourceDef, query: ResourceQuery, ctx: Ctx): Promise<Page> {
  const page = await listPage(resource, query, ctx, embedsOf(resource, ctx, false));
  return { ...page, rows: await finish(resource, page.rows, ctx, false) };
}

/** Rows by id in the order given, each as a list page returns it (exports read a list in slices this way). */
export async function readRows(resource: ResourceDef, ids: readonly number[], ctx: Ctx): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await shownRows(resource, ctx, embedsOf(resource, ctx, false)).where("t.id", "in", ids).execute() as Row[];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return finish(resource, ids.flatMap((id) => byId.get(id) ?? []) as Row[], ctx, false);
}

/** One record as shown, every relation embedded by the same statement; undefined when the reader may not see it. */
export async function readRecord(resource: ResourceDef, id: unknown, ctx: Ctx): Promise<Row | undefined> {
  if (!isRecordId(id)) return undefined;
  const statement = showStatement(resource, ctx);
  const parameters = statement.parameters.map((p) => (p === recordId ? Number(id) : p));
  const [row] = (await ctx.db.executeQuery<Row>(CompiledQuery.raw(statement.sql, parameters))).rows;
  return row && (await finish(resource, [row], ctx, true))[0];
}

/** Where the shown record's id goes among the parameters of a compiled show statement. */
const recordId = Object.freeze({ recordId: true });

/** A record's show statement, compiled once per reader (per-reader.ts); the record id is bound per request. */
const showStatement = perReader((resource, ctx) =>
  shownRows(resource, ctx, embedsOf(resource, ctx, true)).where("t.id", "=", recordId).compile() as CompiledQuery<Row>);

/** Decorate rows read without their relations. */
export async function decorate(resource: ResourceDef, rows: Row[], ctx: Ctx, withMany: boolean): Promise<Row[]> {
  await embedRelations(resource, rows, ctx, withMany);
  return finish(resource, rows, ctx, withMany);
}

/** Lines, computed fields, no write-only fields; for a vendor-portal user, the portal's fields only (portal-view.ts). */
async function finish(resource: ResourceDef, rows: Row[], ctx: Ctx, withLines: boolean): Promise<Row[]> {
  const portal = readsAsPortal(resource, ctx);
  if (withLines && !portal) {
    await embedLines(resource, rows, ctx);
    await decorateRelated(resource, rows, ctx);
    await nameReferences(resource, rows, ctx);
  }
  await hooksOf(resource).decorate?.(rows, ctx);
  return rows.map((row) => (portal ? portalRow(resource, row) : withoutWriteOnly(resource, row)));
}

/**
 * A document's lines (ResourceDef `lines`), whole and in order, as its line resource returns them:
 * the shape an edit sends back (lines.ts). No cap: a document is read with all its lines.
 */
async function embedLines(resource: ResourceDef, rows: Row[], ctx: Ctx): Promise<void> {
  for (const def of resource.lines ?? []) {
    const relation = resource.relations?.[def.relation];
    if (relation?.kind !== "hasMany") continue;
    const line = related(relation.resource);
    for (const row of rows) {
      let qb = scope(untyped(ctx.db).selectFrom(`${tableOf(line)} as t`).selectAll("t"), line, ctx, "t").where(`t.${relation.foreignKey}`, "=", row.id);
      if (def.position) qb = qb.orderBy(`t.${def.position}`);
      row[def.relation] = await decorate(line, (await qb.orderBy("t.id").execute()), ctx, false);
      if (def.files) await embedRelation(line, def.files, row[def.relation] as Row[], ctx);
      await embedContext(line, def, row[def.relation] as Row[], ctx);
    }
  }
}

/**
 * The lines' context (LinesDef `context`): the figures of their related records (a receipt line's PO line:
 * ordered, received so far, still to receive), read as that resource's rows are read (its scope, its
 * computed fields) into the line's embedded relation; a record the reader may not see adds nothing.
 */
async function embedContext(line: ResourceDef, def: LinesDef, lines: Row[], ctx: Ctx): Promise<void> {
  for (const { name, relation, fields } of contextRelations(line, def)) {
    const ids = [...new Set(lines.map((l) => l[relation.foreignKey]).filter(isRecordId).map(Number))];
    const records = new Map((await readRows(related(relation.resource), ids, ctx)).map((record) => [Number(record.id), record]));
    for (const l of lines) {
      const record = records.get(Number(l[relation.foreignKey]));
      if (record) l[name] = { ...(l[name] as Row | null), ...contextOf(fields, record) };
    }
  }
}

/** Embedded has-many rows declared `decorated`, through their own resource's decorate hook: one call per relation for all rows. */
async function decorateRelated(resource: ResourceDef, rows: Row[], ctx: Ctx): Promise<void> {
  for (const [name, relation] of Object.entries(resource.relations ?? {})) {
    if (relation.kind !== "hasMany" || !relation.decorated) continue;
    const embedded = rows.flatMap((row) => (Array.isArray(row[name]) ? (row[name] as Row[]) : []));
    if (embedded.length) await hooksOf(related(relation.resource)).decorate?.(embedded, ctx);
  }
}

export function withoutWriteOnly(resource: ResourceDef, row: Row): Row {
  for (const field of writeOnlyFields(resource)) delete row[field];
  return row;
}
