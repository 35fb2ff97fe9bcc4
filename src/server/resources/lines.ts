/**
 * Document lines (ResourceDef `lines`): a create or an edit of a document carries its lines under the
 * relation's name, and they are written in the document's transaction (write.ts calls writeLines
 * after the document's own row).
 *
 * The rule (docs/api.md): a collection sent replaces the document's lines — a line with an `id` is
 * that line changed, a line without one is added, a current line missing from the array is removed;
 * a collection not sent is left as it is. Each line goes through its own resource: server-owned
 * fields refused, its JSON Schema, its references, its hooks (which roll totals up to the document)
 * and an audit row. Errors carry the line's place in the array (`po_items.2.quantity`); all lines are
 * checked before any is written, and a hook's refusal rolls the whole request back. A line belongs to
 * its document: an id of another document's (or company's) line is refused, the foreign key is the
 * server's.
 */
import type { HasMany, LinesDef, ResourceDef } from "../../framework/resource.js";
import { tableOf } from "../../framework/resource.js";
import { contextProblems } from "../../framework/lines.js";
import { hooksOf } from "./modules.js";
import { type DB, untyped } from "../db/connect.js";
import { HttpError, unprocessable, type FieldErrors } from "../errors.js";
import { validateBody, writableSchema } from "../validation.js";
import type { Ctx, Row } from "./context.js";
import { allResources, related, scope } from "./query.js";
import { sameValue, withoutServerOwned } from "./server-owned.js";
import { audit, changesBetween, checkReferences, deleteLocked, insertRow, updateById, writableInput } from "./write.js";

/** One collection of lines as sent: its declaration, the line resource and the array. */
export interface LinesInput {
  def: LinesDef;
  relation: HasMany;
  line: ResourceDef;
  items: readonly unknown[];
}

/** The declared has-many relation behind a lines declaration. */
export function linesRelation(resource: ResourceDef, def: LinesDef): HasMany {
  const relation = resource.relations?.[def.relation];
  if (relation?.kind !== "hasMany" || relation.through) throw new Error(`${resource.name}: lines ${def.relation} must name a has-many relation without through`);
  return relation;
}

/** Boot check of the lines' context declarations (framework/lines.ts contextProblems): a bad one stops the app, naming it. */
export function checkLineContext(resources: readonly ResourceDef[]): void {
  const byName = new Map(allResources().map((r) => [r.name, r]));
  const problems = resources.flatMap((resource) => (resource.lines ?? []).flatMap((def) =>
    contextProblems(related(linesRelation(resource, def).resource), def, byName).map((problem) => `${resource.name}: ${problem}`)));
  if (problems.length > 0) throw new Error(problems.join("; "));
}

/** A document's create or update schema with its collections of lines (for OpenAPI): each line its writable fields and, to change one, its id. */
export function withLines(resource: ResourceDef, schema: object): object {
  if (!resource.lines) return schema;
  const properties = { ...(schema as { properties: object }).properties };
  for (const def of resource.lines) {
    const relation = linesRelation(resource, def);
    const line = writableSchema(related(relation.resource), "create") as { properties: Record<string, unknown>; required: string[] };
    const { [relation.foreignKey]: _document, ...fields } = line.properties;
    Object.assign(properties, { [def.relation]: {
      type: "array",
      description: "The document's lines: a line with an id is changed, one without is added, a current line not sent is removed.",
      items: { type: "object", additionalProperties: false, properties: { id: { type: "integer" }, ...fields } },
    } });
  }
  return { ...schema, properties };
}

/**
 * The document whose lines rows of `line` are (the first resource declaring them as lines) and the
 * relation's name: a line written by itself is a change of that document's lines (write.ts).
 */
export function lineDocument(line: ResourceDef): { document: ResourceDef; relation: HasMany; name: string } | undefined {
  for (const document of allResources()) {
    for (const def of document.lines ?? []) {
      const relation = linesRelation(document, def);
      if (relation.resource === line.name) return { document, relation, name: def.relation };
    }
  }
  return undefined;
}

/** The collections of lines a request body carries (a collection it does not name stays untouched). */
export function linesIn(resource: ResourceDef, body: unknown): LinesInput[] {
  if (!resource.lines || body === null || typeof body !== "object" || Array.isArray(body)) return [];
  const sent = body as Row;
  return resource.lines.filter((def) => sent[def.relation] !== undefined).map((def) => {
    const items = sent[def.relation];
    if (!Array.isArray(items)) throw unprocessable({ [def.relation]: ["must be a list of lines"] });
    const relation = linesRelation(resource, def);
    return { def, relation, line: related(relation.resource), items };
  });
}

/** Run `work` for the line at `path`: a 422 it raises names its fields under that path. */
async function atLine<T>(path: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) throw unprocessable(prefixed(path, error.errors));
    throw error;
  }
}

const prefixed = (path: string, errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field === "base" ? path : `${path}.${field}`, messages]));

type Planned =
  | { kind: "add"; path: string; data: Row }
  | { kind: "change"; path: string; data: Row; existing: Row };

/**
 * Check every line of one collection against the document's current lines (locked); the plan to
 * carry out, or the errors of all lines at once.
 */
function plan(input: LinesInput, documentId: number, current: readonly Row[], errors: FieldErrors): { planned: Planned[]; removed: Row[] } {
  const { def, relation, line, items } = input;
  const byId = new Map(current.map((row) => [Number(row.id), row]));
  const kept = new Set<number>();
  const planned: Planned[] = [];
  let nextPosition = Math.max(0, ...current.map((row) => Number(def.position ? row[def.position] : 0) || 0)) + 1;
  items.forEach((item, index) => {
    const path = `${def.relation}.${index}`;
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      errors[path] = ["must be a line object"];
      return;
    }
    const sent = item as Row;
    const existing = sent.id === undefined || sent.id === null ? undefined : byId.get(Number(sent.id));
    if (sent.id !== undefined && sent.id !== null && (!existing || kept.has(Number(sent.id)))) {
      errors[`${path}.id`] = ["is not a line of this document"];
      return;
    }
    const foreignKey = sent[relation.foreignKey];
    if (foreignKey !== undefined && foreignKey !== null && Number(foreignKey) !== documentId) {
      errors[`${path}.${relation.foreignKey}`] = ["is set by the server: a line belongs to its document"];
      return;
    }
    try {
      const data = writableInput(line, sent);
      delete data[relation.foreignKey];
      const mode = existing ? "update" : "create";
      const own = withoutServerOwned(line, mode, data, existing);
      if (existing) {
        kept.add(Number(existing.id));
        // a line echoed back as read is not a change (no write, no audit row)
        const changed = Object.fromEntries(Object.entries(own).filter(([field, value]) => !sameValue(existing[field], value)));
        if (Object.keys(changed).length === 0) return;
        const invalid = validateBody(line, "update", changed);
        if (invalid) Object.assign(errors, prefixed(path, invalid));
        else planned.push({ kind: "change", path, data: changed, existing });
      } else {
        if (def.position && (own[def.position] === undefined || own[def.position] === null)) own[def.position] = nextPosition++;
        const data = { ...own, [relation.foreignKey]: documentId };
        const invalid = validateBody(line, "create", data);
        if (invalid) Object.assign(errors, prefixed(path, invalid));
        else planned.push({ kind: "add", path, data });
      }
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 422)) throw error;
      Object.assign(errors, prefixed(path, error.errors));
    }
  });
  return { planned, removed: current.filter((row) => !kept.has(Number(row.id))) };
}

/** The document's current lines of one collection, locked for the transaction, in the company's scope. */
async function currentLines(input: LinesInput, documentId: number, ctx: Ctx, trx: DB): Promise<Row[]> {
  const { line, relation } = input;
  const qb = scope(untyped(trx).selectFrom(`${tableOf(line)} as t`).selectAll("t"), line, ctx, "t").where(`t.${relation.foreignKey}`, "=", documentId);
  return (await qb.orderBy("t.id").forUpdate().execute());
}

/**
 * Write the lines sent with document `document` inside its transaction: removals, changes, then
 * additions, each through its resource's hooks with an audit row. Returns the relations of the lines written.
 */
export async function writeLines(document: Row, inputs: readonly LinesInput[], ctx: Ctx, trx: DB): Promise<string[]> {
  const documentId = document.id as number;
  const errors: FieldErrors = {};
  const plans = [];
  for (const input of inputs) plans.push({ input, ...plan(input, documentId, await currentLines(input, documentId, ctx, trx), errors) });
  if (Object.keys(errors).length) throw unprocessable(errors);
  const written: string[] = [];
  for (const { input, planned, removed } of plans) {
    const { line, def } = input;
    const hooks = hooksOf(line);
    for (const existing of removed) await atLine(`${def.relation}`, () => deleteLocked(line, existing, ctx, trx));
    for (const step of planned) {
      await atLine(step.path, async () => {
        await checkReferences(line, step.data, ctx, trx);
        if (step.kind === "change") {
          await hooks.beforeUpdate?.(step.data, step.existing, ctx, trx);
          const row = await updateById(line, step.existing.id as number, step.data, trx);
          await hooks.afterWrite?.(row, ctx, trx);
          await audit(trx, ctx, "update", line, row.id as number, changesBetween(step.existing, row));
        } else {
          await hooks.beforeCreate?.(step.data, ctx, trx);
          const row = await insertRow(line, step.data, ctx, trx);
          await hooks.afterWrite?.(row, ctx, trx);
          await audit(trx, ctx, "create", line, row.id as number, step.data);
        }
      });
    }
    if (removed.length || planned.length) written.push(def.relation);
  }
  return written;
}
