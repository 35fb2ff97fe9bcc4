/**
 * An import's rows checked against its resource, before anything is written (the preview) and before
 * each batch is written (the run): every row through the generic write path's own input rules
 * (write.ts createInput / updateInput: server-owned fields refused, the JSON Schema validated), the
 * records an update, delete or list names found in the company (by id, else by the resource's title
 * field, e.g. an invoice's number), their declared row-action conditions (a paid invoice is not
 * deleted) and their references, set-based. What a hook refuses appears when the row is written.
 */
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import { baseType, propertiesOf } from "../../../framework/schema.js";
import { untyped } from "../../db/connect.js";
import { HttpError, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { readableRows, related, scope } from "../../resources/query.js";
import { checkAllowed, createInput, updateInput } from "../../resources/write.js";
import { isRecordId } from "../../validation.js";
import type { FileRow, RowError } from "./import-file.js";

export interface ImportPlan {
  resource: ResourceDef;
  kind: string;
  headers: readonly string[];
  /** header → field */
  mapping: Readonly<Record<string, string>>;
}

/** A row that passed: the values to write and, for an update or delete, the record it names. */
export interface CheckedRow {
  line: number;
  data: Row;
  existing?: Row;
}

/** The field finding the records of an update, delete or list: `id` when the file has it, else the title field. */
export const keyOf = (plan: ImportPlan): string => (Object.values(plan.mapping).includes("id") ? "id" : plan.resource.title);

/** The row's cells as field values: empty cells are left out, JSON cells (lists, objects) read. */
function valuesOf(plan: ImportPlan, row: FileRow): { data: Row; errors: FieldErrors } {
  const properties = propertiesOf(plan.resource);
  const data: Row = {};
  const errors: FieldErrors = {};
  plan.headers.forEach((header, i) => {
    const field = plan.mapping[header];
    const cell = (row.cells[i] ?? "").trim();
    if (!field || cell === "") return;
    const type = baseType(properties[field]);
    if (type !== "array" && type !== "object") data[field] = cell;
    else {
      try {
        data[field] = JSON.parse(cell);
      } catch {
        errors[field] = ["must be written as JSON"];
      }
    }
  });
  return { data, errors };
}

/** A row's field errors as the import's error entries. */
export const rowErrors = (line: number, errors: FieldErrors): RowError[] =>
  Object.entries(errors).flatMap(([field, messages]) => messages.map((message) => ({ row: line, field, message })));

/** A row's outcome: the values to write (and the record they change), or what is wrong with it. */
type Outcome = { data: Row; existing?: Row; errors?: undefined } | { errors: FieldErrors };

/** `check`'s values, or its refusal (422/409/404…) as the row's errors. */
async function outcome(check: () => Promise<{ data: Row; existing?: Row }> | { data: Row; existing?: Row }): Promise<Outcome> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof HttpError) return { errors: error.errors };
    throw error;
  }
}

/** The company's records of `resource` whose `key` is one of `values` (readable by the user), by key. */
async function recordsByKey(resource: ResourceDef, key: string, values: readonly unknown[], ctx: Ctx): Promise<Map<string, Row[]>> {
  const found = new Map<string, Row[]>();
  const wanted = [...new Set(values.map(String))].filter((v) => key !== "id" || isRecordId(v));
  for (let i = 0; i < wanted.length; i += 5000) {
    const rows = (await readableRows(resource, ctx).where(`t.${key}`, "in", key === "id" ? wanted.slice(i, i + 5000).map(Number) : wanted.slice(i, i + 5000)).execute()) as Row[];
    for (const row of rows) found.set(String(row[key]), [...(found.get(String(row[key])) ?? []), row]);
  }
  return found;
}

/** write.ts checkReferences for many rows: each referenced record must be one this company can see, one query per reference field. */
async function missingReferences(resource: ResourceDef, rows: readonly CheckedRow[], ctx: Ctx): Promise<Map<number, FieldErrors>> {
  const missing = new Map<number, FieldErrors>();
  for (const [field, property] of Object.entries(propertiesOf(resource))) {
    const targetName = property["x-references"];
    if (!targetName || targetName === "users") continue;
    const ids = new Set(rows.flatMap((r) => ([] as unknown[]).concat(r.data[field] ?? []).map(Number)));
    if (ids.size === 0) continue;
    const target = related(targetName);
    const found = new Set((await scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select("r.id"), target, ctx, "r").where("r.id", "in", [...ids]).execute()).map((r) => Number(r.id)));
    for (const row of rows) {
      if (([] as unknown[]).concat(row.data[field] ?? []).some((id) => !found.has(Number(id)))) missing.set(row.line, { ...missing.get(row.line), [field]: ["does not exist"] });
    }
  }
  return missing;
}

/** One row of an update, delete or list against the record it names (none: a list's new record). */
async function checkChange(plan: ImportPlan, data: Row, matches: readonly Row[] | undefined, key: string, ctx: Ctx): Promise<Outcome> {
  const { resource } = plan;
  if (!matches?.length) {
    if (plan.kind === "list" && key !== "id") return outcome(() => ({ data: createInput(resource, data, ctx) }));
    return { errors: { [key]: [data[key] === undefined ? "can't be blank" : "does not exist"] } };
  }
  if (matches.length > 1) return { errors: { [key]: ["matches more than one record: use the id"] } };
  const [existing] = matches;
  if (plan.kind === "delete") return outcome(async () => (await checkAllowed(resource, "delete", existing, ctx), { data: {}, existing }));
  const { id: _id, ...input } = data;
  return outcome(async () => {
    const values = updateInput(resource, input, existing, ctx);
    await checkAllowed(resource, "edit", existing, ctx);
    return { data: values, existing };
  });
}

/** A row as read without the database: its values (for a create, through createInput), or what is wrong with them. */
export interface ReadRow {
  line: number;
  data: Row;
  errors?: FieldErrors;
}

/** Rows read between two turns of the event loop (about 2 ms of work). */
const rowsPerTurn = 500;

/**
 * The part of the check that reads no database: the cells as values and, for a create, the resource's
 * input rules (createInput). It gives the event loop a turn every `rowsPerTurn` rows, so that the run
 * can read the next batch while the database writes this one (import-run.ts) without holding up that
 * write's statements.
 */
export async function readRows(plan: ImportPlan, rows: readonly FileRow[], ctx: Ctx): Promise<ReadRow[]> {
  const read: ReadRow[] = [];
  for (const [i, row] of rows.entries()) {
    if (i % rowsPerTurn === 0) await new Promise((resolve) => setImmediate(resolve));
    const { data, errors } = valuesOf(plan, row);
    if (Object.keys(errors).length) read.push({ line: row.line, data, errors });
    else if (plan.kind !== "create") read.push({ line: row.line, data });
    else {
      const checked = await outcome(() => ({ data: createInput(plan.resource, data, ctx) }));
      read.push(checked.errors ? { line: row.line, data, errors: checked.errors } : { line: row.line, data: checked.data });
    }
  }
  return read;
}

/**
 * The rest of the check, reading the database (so, in a run, once the batches before have committed):
 * the records an update, delete or list row names, their conditions, and the references. The rows that
 * may be written and the errors of the others, by line.
 */
export async function checkRead(plan: ImportPlan, rows: readonly ReadRow[], ctx: Ctx): Promise<{ good: CheckedRow[]; errors: RowError[] }> {
  const key = keyOf(plan);
  const records = plan.kind === "create" ? new Map<string, Row[]>() : await recordsByKey(plan.resource, key, rows.flatMap((r) => (r.data[key] === undefined ? [] : [r.data[key]])), ctx);
  const passed: CheckedRow[] = [];
  const errors: RowError[] = [];
  for (const { line, data, errors: readErrors } of rows) {
    const checked: Outcome = readErrors ? { errors: readErrors }
      : plan.kind === "create" ? { data }
      : await checkChange(plan, data, data[key] === undefined ? undefined : records.get(String(data[key])), key, ctx);
    if (checked.errors) errors.push(...rowErrors(line, checked.errors));
    else passed.push({ line, data: checked.data, existing: checked.existing });
  }
  const missing = plan.kind === "delete" ? new Map<number, FieldErrors>() : await missingReferences(plan.resource, passed, ctx);
  for (const [line, fieldErrors] of missing) errors.push(...rowErrors(line, fieldErrors));
  errors.sort((a, b) => a.row - b.row);
  return { good: passed.filter((r) => !missing.has(r.line)), errors };
}

/** Check `rows` of the plan (the preview): the ones that may be written and the errors of the others, by line. */
export async function checkRows(plan: ImportPlan, rows: readonly FileRow[], ctx: Ctx): Promise<{ good: CheckedRow[]; errors: RowError[] }> {
  return checkRead(plan, await readRows(plan, rows, ctx), ctx);
}
