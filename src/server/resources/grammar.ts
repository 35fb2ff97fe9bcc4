/**
 * The list query grammar of @refinedev/simple-rest: _start _end _sort _order, field=v (repeat = IN),
 * field_ne, field_gte, field_lte, field_like, q; plus field_null=true|false (Has Data / No Data).
 * Composite status codes (PAYABLE …) expand to their members.
 */
import type { ResourceDef } from "../../framework/resource.js";

export type FilterOp = "in" | "ne" | "gte" | "lte" | "like" | "null";

export interface FilterClause {
  field: string;
  op: FilterOp;
  values: string[];
}

export interface ListQuery {
  start: number;
  end: number;
  sort: { field: string; order: "asc" | "desc" }[];
  filters: FilterClause[];
  q?: string;
}

export const maxPageSize = 1000;
/** a filter or search value longer than this matches nothing real and costs a scan per character */
export const maxValueLength = 1000;

/**
 * A list query the server cannot answer: 400 for the grammar (an undeclared field, paging, sorting),
 * 422 per field for a filter value its column cannot hold (checked like a body's value).
 */
export class QueryError extends Error {
  constructor(public readonly field: string, message: string, public readonly status: 400 | 422 = 400) {
    super(message);
  }
}

const suffixes: Record<string, FilterOp> = { _ne: "ne", _gte: "gte", _lte: "lte", _like: "like", _null: "null" };

function asList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function splitKey(key: string): { field: string; op: FilterOp } {
  for (const [suffix, op] of Object.entries(suffixes)) {
    if (key.endsWith(suffix)) return { field: key.slice(0, -suffix.length), op };
  }
  return { field: key, op: "in" };
}

/** Expand composite status codes (PAYABLE → APPROVED, OPEN). */
export function expandStatuses(resource: Pick<ResourceDef, "statuses">, values: string[]): string[] {
  const composites = resource.statuses?.composites ?? {};
  return [...new Set(values.flatMap((value) => composites[value] ?? [value]))];
}

function integer(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,10}$/.test(String(value)) ? Number(value) : Number.NaN;
  // the database's offset is 32-bit here; anything further is no page of any list
  if (!Number.isInteger(n) || n > 2_147_483_647) throw new QueryError(name, `${name} must be a whole number from 0 to 2147483647`);
  return n;
}

/**
 * Parse a query-string object. `fields` are the columns that may be sorted and filtered on;
 * anything else is refused rather than silently ignored.
 */
export function parseListQuery(
  query: Record<string, unknown>,
  resource: Pick<ResourceDef, "statuses" | "defaultSort">,
  fields: ReadonlySet<string>,
  ignored: ReadonlySet<string> = new Set(),
): ListQuery {
  const start = integer(query._start, 0, "_start");
  const end = integer(query._end, start + 25, "_end");
  if (end < start) throw new QueryError("_end", "_end must not be less than _start");
  if (end - start > maxPageSize) throw new QueryError("_end", `at most ${maxPageSize} rows per page`);

  const sortFields = asList(query._sort).flatMap((s) => s.split(","));
  const orders = asList(query._order).flatMap((s) => s.split(","));
  const sort = sortFields.map((field, i) => {
    if (!fields.has(field)) throw new QueryError("_sort", `cannot sort on ${field}`);
    const order = (orders[i] ?? "asc").toLowerCase();
    if (order !== "asc" && order !== "desc") throw new QueryError("_order", "_order must be asc or desc");
    return { field, order: order as "asc" | "desc" };
  });
  if (sort.length === 0) sort.push(resource.defaultSort);

  for (const [key, raw] of Object.entries(query)) {
    if (asList(raw).some((v) => v.length > maxValueLength)) throw new QueryError(key, `is too long (at most ${maxValueLength} characters)`, 422);
  }
  const filters: FilterClause[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (key.startsWith("_") || key === "q" || ignored.has(key)) continue;
    const { field, op } = splitKey(key);
    if (!fields.has(field)) throw new QueryError(key, `cannot filter on ${field}`);
    let values = asList(raw);
    if (values.length === 0) continue;
    if (op === "in" && resource.statuses?.field === field) values = expandStatuses(resource, values);
    if (op === "null" && !["true", "false"].includes(values[0])) throw new QueryError(key, `${key} must be true or false`);
    filters.push({ field, op, values });
  }
  const q = typeof query.q === "string" && query.q.trim() !== "" ? query.q.trim() : undefined;
  return { start, end, sort, filters, q };
}
