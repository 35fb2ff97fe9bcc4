/**
 * Writing resources: validation (422 per field), tenant-checked references, the declared row-action
 * conditions, the named hooks and the audit row, all in one transaction.
 */
import { activitySchema } from "../../../schemas/activity.js";
import { matches } from "../../framework/conditions.js";
import { tableOf, type ResourceDef, type RowAction } from "../../framework/resource.js";
import { insertRows } from "../db/bulk.js";
import { type DB, untyped } from "../db/connect.js";
import { companyScoped } from "../db/tables.js";
import { afterEveryWrite, hooksOf } from "./modules.js";
import { inTransaction } from "../db/unit-of-work.js";
import { notFound, unprocessable, type FieldErrors, HttpError } from "../errors.js";
import { validateBody } from "../validation.js";
import type { Ctx, Row } from "./context.js";
import { personallyScoped, findRow, related, scope } from "./query.js";
import { creatorColumn, propertiesOf, requiredOf, writeOnlyFields } from "../../framework/schema.js";
import { decorate } from "./read.js";
import { referenceNamesField } from "./reference-names.js";
import { sameValue, withoutServerOwned } from "./server-owned.js";
import { lineDocument, linesIn, writeLines, type LinesInput } from "./lines.js";

// what a shown record carries beside its fields: echoed back by an edit, never written
const implicit = new Set(["id", "company_id", "created_at", "updated_at", referenceNamesField]);

/**
 * Drop what a client may echo back but that is no column it writes: implicit columns, relations and
 * computed fields. Server-owned columns are refused (server-owned.ts), not dropped.
 */
export function writableInput(resource: ResourceDef, body: unknown): Row {
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw unprocessable({ base: ["The request body must be a JSON object."] });
  const ignored = new Set([...implicit, ...Object.keys(resource.relations ?? {}), ...(resource.computed ?? [])]);
  return Object.fromEntries(Object.entries(body as Row).filter(([key]) => !ignored.has(key)));
}

/** Every x-references value must name a row this company can see. */
export async function checkReferences(resource: ResourceDef, data: Row, ctx: Ctx, trx: DB): Promise<void> {
  const errors: FieldErrors = {};
  for (const [field, property] of Object.entries(propertiesOf(resource))) {
    const targetName = property["x-references"];
    const value = data[field];
    if (!targetName || value === null || value === undefined || targetName === "users") continue;
    const ids = Array.isArray(value) ? [...new Set(value as number[])] : [value as number];
    if (ids.length === 0) continue;
    const target = related(targetName);
    const found = await scope(untyped(trx).selectFrom(`${tableOf(target)} as r`).select("r.id"), target, { ...ctx, db: trx }, "r").where("r.id", "in", ids).execute();
    if (found.length !== ids.length) errors[field] = ["does not exist"];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** A user confined to their own rows of a personally scoped resource writes only their own (a new row is theirs by default). */
function keepOwn(resource: ResourceDef, data: Row, ctx: Ctx, creating: boolean): void {
  const column = resource.personalScope?.contact;
  // a relation's column (`virtual_card.contact_id`) makes rows one's own to read only: the scope keeps others out
  if (column === undefined || column.includes(".") || !personallyScoped(resource, ctx)) return;
  if (creating) data[column] ??= ctx.contact.id;
  if (data[column] !== undefined && data[column] !== ctx.contact.id) throw unprocessable({ [column]: ["must be yourself: you may file only your own"] });
}

function rowAction(resource: ResourceDef, action: RowAction["action"]): RowAction | undefined {
  return resource.rowActions?.find((a) => a.action === action);
}

/** The server side of a row action's display condition. */
export async function checkAllowed(resource: ResourceDef, action: RowAction["action"], existing: Row, ctx: Ctx): Promise<void> {
  const declared = rowAction(resource, action);
  if (!declared?.when) return;
  const [view] = await decorate(resource, [{ ...existing }], ctx, false);
  if (!matches(declared.when, view)) {
    const title = String(existing[resource.title] ?? existing.id);
    const status = resource.statuses ? ` in status ${String(existing[resource.statuses.field])}` : "";
    throw unprocessable({ base: [`${resource.name.replace(/_/g, " ")} ${title} cannot be ${action === "delete" ? "deleted" : "edited"}${status}.`] });
  }
}

export function changesBetween(before: Row, after: Row): Row {
  const changes: Row = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === "updated_at") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes[key] = [before[key] ?? null, value ?? null];
  }
  return changes;
}

export type AuditEvent = (typeof activitySchema.properties.event.enum)[number];

function activityRow(ctx: Pick<Ctx, "company" | "user">, event: AuditEvent, resource: ResourceDef, itemId: number, changes: Row): Row {
  // that a secret changed is history; its value is not
  changes = { ...changes };
  for (const field of writeOnlyFields(resource)) if (field in changes) changes[field] = "[FILTERED]";
  // by table: a record's history is one, whichever view of it (draft inbox, users…) changed it
  return { company_id: ctx.company.id, event, item_type: tableOf(resource), item_id: itemId, user_id: ctx.user.id, changes: JSON.stringify(changes) };
}

export async function audit(trx: DB, ctx: Pick<Ctx, "company" | "user">, event: AuditEvent, resource: ResourceDef, itemId: number, changes: Row): Promise<void> {
  await untyped(trx).insertInto("activities").values(activityRow(ctx, event, resource, itemId, changes)).execute();
}

/** The audit rows of a set-based change, for auditMany (or for insertRows into activities once built). */
export const activityRows = (ctx: Pick<Ctx, "company" | "user">, event: AuditEvent, resource: ResourceDef, items: readonly { id: number; changes: Row }[]): Row[] =>
  items.map((item) => activityRow(ctx, event, resource, item.id, item.changes));

/** The audit rows of a set-based change (thousands of records), in one insert (db/bulk.ts). */
export async function auditMany(trx: DB, ctx: Pick<Ctx, "company" | "user">, event: AuditEvent, resource: ResourceDef, items: readonly { id: number; changes: Row }[]): Promise<void> {
  await insertRows(trx, "activities", activityRows(ctx, event, resource, items));
}

/** Map database constraint violations to a client error instead of a 500. */
export function constraintError(error: unknown, table: string): never {
  const e = error as { code?: string; constraint?: string; detail?: string };
  // unique constraints are named <table>_<column>_key (the table name may itself contain underscores)
  const field = e.constraint?.startsWith(`${table}_`) && e.constraint.endsWith("_key") ? e.constraint.slice(table.length + 1, -4) : "base";
  if (e.code === "23505") throw unprocessable({ [field]: ["has already been taken"] });
  if (e.code === "23503") throw unprocessable({ base: ["This record is used by other records and cannot be removed."] });
  throw error;
}

function jsonColumns(resource: ResourceDef, data: Row): Row {
  // jsonb values must be sent as JSON text; Postgres arrays (integer[]/text[]) as arrays
  const out: Row = { ...data };
  for (const [field, property] of Object.entries(propertiesOf(resource))) {
    const p = property;
    const isJsonArray = p.type === "array" && !(p.items?.type === "integer" || (p.items?.type === "string" && !p.items.format));
    if (field in out && out[field] !== null && (p.type === "object" || isJsonArray)) out[field] = JSON.stringify(out[field]);
  }
  return out;
}


/** The row as inserted: through the resource's insert hook, or into its table with the company and owner set. */
export async function insertRow(resource: ResourceDef, data: Row, ctx: Ctx, trx: DB): Promise<Row> {
  const hooks = hooksOf(resource);
  try {
    return hooks.insert
      ? await hooks.insert(data, ctx, trx)
      : ((await untyped(trx).insertInto(tableOf(resource)).values(jsonColumns(resource, { ...data, ...(companyScoped(resource) ? { company_id: ctx.company.id } : {}), ...(resource.owner ? { [resource.owner]: ctx.user.id } : {}) })).returningAll().executeTakeFirstOrThrow()));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    constraintError(error, tableOf(resource));
  }
}

/** Set `data` on row `id` (updated_at too); a constraint violation is the client's 422. */
export async function updateById(resource: ResourceDef, id: number, data: Row, trx: DB): Promise<Row> {
  try {
    return (await untyped(trx).updateTable(tableOf(resource)).set({ ...jsonColumns(resource, data), updated_at: new Date() })
      .where("id", "=", id).returningAll().executeTakeFirstOrThrow());
  } catch (error) {
    constraintError(error, tableOf(resource));
  }
}

/** The document as saved after its lines were written (their hooks roll totals up to it). */
const reread = async (resource: ResourceDef, id: number, trx: DB): Promise<Row> =>
  (await untyped(trx).selectFrom(tableOf(resource)).selectAll().where("id", "=", id).executeTakeFirstOrThrow());

/**
 * A client's body as the values of a new row: server-owned fields refused, the schema validated
 * (422 per field), the creator and owner set. No query: a bulk import checks each of its rows with it.
 */
export function createInput(resource: ResourceDef, body: unknown, ctx: Ctx): Row {
  const data = withoutServerOwned(resource, "create", writableInput(resource, body));
  const errors = validateBody(resource, "create", data);
  if (errors) throw unprocessable(errors);
  // the creator is recorded for segregation of duties: the approval engine refuses their approval
  if (creatorColumn in propertiesOf(resource)) data[creatorColumn] = ctx.user.id;
  keepOwn(resource, data, ctx, true);
  return data;
}

export async function createRow(resource: ResourceDef, body: unknown, ctx: Ctx): Promise<Row> {
  const lines = linesIn(resource, body);
  const data = createInput(resource, body, ctx);
  const id = await inTransaction(ctx, async (trx, tctx) => (await asDocumentChange(resource, data, tctx, trx, () => createInTransaction(resource, data, tctx, trx, lines))).id);
  return (await findRow(resource, id, ctx))!;
}

/**
 * A create inside the caller's transaction, `data` already validated (and server fields set by the
 * caller, e.g. a portal action's): references, hooks, insert, audit, lines and the approval chain.
 */
export async function createInTransaction(resource: ResourceDef, data: Row, ctx: Ctx, trx: DB, lines: readonly LinesInput[] = []): Promise<Row> {
  const hooks = hooksOf(resource);
  await checkReferences(resource, data, ctx, trx);
  await hooks.beforeCreate?.(data, ctx, trx);
  let row = await insertRow(resource, data, ctx, trx);
  await hooks.afterWrite?.(row, ctx, trx);
  await audit(trx, ctx, "create", resource, row.id as number, data);
  const linesWritten = await writeLines(row, lines, ctx, trx);
  if (linesWritten.length) row = await reread(resource, row.id as number, trx);
  // a record created in its pending status (a payment, card or card purchase created PENDING) starts its chain
  if (await afterEveryWrite(trx, ctx, resource, undefined, row, linesWritten)) row = await reread(resource, row.id as number, trx);
  return row;
}

/**
 * A line written by itself (a create, edit or delete of a resource some document declares as its `lines`)
 * is a change of its document's lines, as if the document were edited with them: the document (locked)
 * goes through the after-write step with the relation named (an approved order's changed line sends it
 * back through approval). `line` is the line's data or row, which names its document.
 */
async function asDocumentChange<T>(resource: ResourceDef, line: Row, ctx: Ctx, trx: DB, write: () => Promise<T>): Promise<T> {
  const owner = lineDocument(resource);
  const documentId = owner ? Number(line[owner.relation.foreignKey]) : NaN;
  if (!owner || !Number.isInteger(documentId)) return write();
  const before = await untyped(trx).selectFrom(tableOf(owner.document)).selectAll().where("company_id", "=", ctx.company.id)
    .where("id", "=", documentId).forUpdate().executeTakeFirst();
  const written = await write();
  if (before) await afterEveryWrite(trx, ctx, owner.document, before as Row, await reread(owner.document, documentId, trx), [owner.name]);
  return written;
}

/** The row to change, locked for the rest of the transaction, after its row-action condition passed. */
async function lockedForAction(resource: ResourceDef, id: string, action: RowAction["action"], ctx: Ctx): Promise<Row> {
  const existing = await findRow(resource, id, ctx, true);
  if (!existing) throw notFound();
  await checkAllowed(resource, action, existing, ctx);
  return existing;
}

/** The record to change and the values to set, found under the row lock of the write's transaction. */
type Change = (tctx: Ctx) => Promise<{ existing: Row; data: Row }>;

/** An edit (with its lines) or a declared transition: hooks, update, lines, audit and the approval chain in one transaction. */
async function changeRow(resource: ResourceDef, id: string, ctx: Ctx, change: Change, lines: readonly LinesInput[] = []): Promise<Row> {
  const updated = await inTransaction(ctx, async (trx, tctx) => {
    const { existing, data } = await change(tctx);
    return asDocumentChange(resource, existing, tctx, trx, () => updateInTransaction(resource, existing, data, tctx, trx, lines));
  });
  // an edit may move the record out of a view (a draft submitted from the draft inbox): answer with the row as saved
  return (await findRow(resource, id, ctx)) ?? updated;
}

/**
 * An edit of the locked row `existing` inside the caller's transaction, `data` already validated (e.g. a
 * portal action's): references, hooks, update, lines, audit and the approval chain. Answers the row as saved.
 */
export async function updateInTransaction(resource: ResourceDef, existing: Row, data: Row, ctx: Ctx, trx: DB, lines: readonly LinesInput[] = []): Promise<Row> {
  const hooks = hooksOf(resource);
  await checkReferences(resource, data, ctx, trx);
  await hooks.beforeUpdate?.(data, existing, ctx, trx);
  let row = await updateById(resource, existing.id as number, data, trx);
  await hooks.afterWrite?.(row, ctx, trx);
  const linesWritten = await writeLines(row, lines, ctx, trx);
  if (linesWritten.length) row = await reread(resource, row.id as number, trx);
  await audit(trx, ctx, "update", resource, row.id as number, changesBetween(existing, row));
  // a changed amount, coding or line restarts a pending approval chain (or reopens an approved record's);
  // a move to the pending status starts one
  const chainStarted = await afterEveryWrite(trx, ctx, resource, existing, row, linesWritten);
  // the chain may have moved the record on (auto-approval): answer with its status as saved
  if (chainStarted) return reread(resource, row.id as number, trx);
  return row;
}

/**
 * A line edited by itself stays on its document when it cannot exist without one (its document key is
 * required: an order's or invoice's line): moved, it would leave both documents' totals and matching
 * wrong (422; the stored value sent back is an echo). A line that may stand alone (an expense item) is
 * attached and moved freely.
 */
function refuseMovedLine(line: ResourceDef, data: Row, existing: Row): void {
  const key = lineDocument(line)?.relation.foreignKey;
  if (key && requiredOf(line).includes(key) && data[key] !== undefined && !sameValue(existing[key], data[key])) {
    throw unprocessable({ [key]: ["cannot change: a line stays on its document; remove it and add a line to the other"] });
  }
}

/** A client's writable input as the changes of row `existing`: server-owned fields refused, the schema validated (422 per field). No query. */
export function updateInput(resource: ResourceDef, input: Row, existing: Row, ctx: Ctx): Row {
  const data = withoutServerOwned(resource, "update", input, existing);
  const errors = validateBody(resource, "update", data);
  if (errors) throw unprocessable(errors);
  refuseMovedLine(resource, data, existing);
  keepOwn(resource, data, ctx, false);
  return data;
}

export async function updateRow(resource: ResourceDef, id: string, body: unknown, ctx: Ctx): Promise<Row> {
  const lines = linesIn(resource, body);
  const input = writableInput(resource, body);
  return changeRow(resource, id, ctx, async (tctx) => {
    const existing = await lockedForAction(resource, id, "edit", tctx);
    return { existing, data: updateInput(resource, input, existing, ctx) };
  }, lines);
}

/**
 * A declared transition (RecordAction `to`, served by actions.ts): the locked record must pass `check`
 * (the action's `when`), then moves to `to` as an edit would.
 */
export async function transitionRow(resource: ResourceDef, to: string, id: string, ctx: Ctx, check: (existing: Row, tctx: Ctx) => Promise<void>): Promise<Row> {
  const field = resource.statuses?.field ?? "status";
  return changeRow(resource, id, ctx, async (tctx) => {
    const existing = await findRow(resource, id, tctx, true);
    if (!existing) throw notFound();
    await check(existing, tctx);
    return { existing, data: { [field]: to } };
  });
}

/** Delete a row locked by the caller: its hooks, the delete (a row still referenced: 422) and its audit row. */
export async function deleteLocked(resource: ResourceDef, existing: Row, ctx: Ctx, trx: DB): Promise<void> {
  const hooks = hooksOf(resource);
  await hooks.beforeDelete?.(existing, ctx, trx);
  try {
    await untyped(trx).deleteFrom(tableOf(resource)).where("id", "=", existing.id as number).execute();
  } catch (error) {
    constraintError(error, tableOf(resource));
  }
  await hooks.afterWrite?.(existing, ctx, trx);
  await audit(trx, ctx, "destroy", resource, existing.id as number, existing);
}

export async function deleteRow(resource: ResourceDef, id: string, ctx: Ctx): Promise<Row> {
  return inTransaction(ctx, async (trx, tctx) => {
    const existing = await lockedForAction(resource, id, "delete", tctx);
    await asDocumentChange(resource, existing, tctx, trx, () => deleteLocked(resource, existing, tctx, trx));
    return existing;
  });
}
