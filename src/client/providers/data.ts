/**
 * The Refine data provider: @refinedev/simple-rest's, given the app's axios client (http.ts), in the
 * list grammar the server reads (src/server/resources/grammar.ts, simple-rest's own): `_start` `_end`
 * for the page, `_sort` `_order` (comma-separated), a filter as `field` (eq; in = the key repeated),
 * `field_ne`, `field_gte`, `field_lte`, `field_like` (contains) and `q`; totals from x-total-count.
 * Two things are added around it: a list view's preset filters (`meta.preset`) always apply (a user
 * filter sent under the same query key is dropped rather than replacing it), and `meta.silent` sends
 * a call through the client that leaves its failure to the caller (a form shows per-field errors; a
 * record page says "Record not found" itself: `silent: [404]`).
 * Custom endpoints go through `custom` (useCustom, useCustomMutation): a GET's parameters as `query`.
 */
import type { CrudFilter, CrudSort, DataProvider, LogicalFilter } from "@refinedev/core";
import simpleRest, { generateFilter, generateSort } from "@refinedev/simple-rest";
import { apiUrl, clientFor } from "../http.js";
import { apiKey } from "../registry.js";

export function withPreset(filters: readonly CrudFilter[] | undefined, preset: readonly LogicalFilter[] | undefined): CrudFilter[] {
  if (!preset?.length) return [...(filters ?? [])];
  const fixed = new Set(preset.map(apiKey));
  return [...(filters ?? []).filter((f) => !("field" in f) || !fixed.has(apiKey(f))), ...preset];
}

type Query = Record<string, unknown>;

/** `key=value` pairs, keys in alphabetical order, an array as its key repeated, undefined left out (an export's URL). */
export function queryString(query: Query): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item !== undefined) search.append(key, item === null ? "" : String(item));
    }
  }
  return search.toString();
}

/** `_sort` and `_order` of the sorters (simple-rest's), none without sorters. */
export function sortQuery(sorters: readonly CrudSort[] | undefined): Query {
  const sort = generateSort([...(sorters ?? [])]);
  return sort ? { _sort: sort._sort.join(","), _order: sort._order.join(",") } : {};
}

/** Filters as query keys (simple-rest's; apiKey in registry.ts says the same); `q` is the search. */
export const filterQuery = (filters: readonly CrudFilter[] | undefined): Query => generateFilter([...(filters ?? [])]);

type Silent = boolean | readonly number[] | undefined;
const providers = new Map<ReturnType<typeof clientFor>, ReturnType<typeof simpleRest>>();
/** simple-rest on the client `meta.silent` asks for (true: every failure left to the caller; a list: those statuses). */
function by(meta: Record<string, unknown> | undefined) {
  const client = clientFor(meta?.silent as Silent);
  let provider = providers.get(client);
  if (!provider) providers.set(client, (provider = simpleRest(apiUrl, client)));
  return provider;
}

export const dataProvider: DataProvider = {
  getList: (params) => by(params.meta).getList({ ...params, filters: withPreset(params.filters, params.meta?.preset as LogicalFilter[] | undefined) }),
  getMany: (params) => by(params.meta).getMany(params),
  getOne: (params) => by(params.meta).getOne(params),
  create: (params) => by(params.meta).create(params),
  update: (params) => by(params.meta).update(params),
  deleteOne: (params) => by(params.meta).deleteOne(params),
  getApiUrl: () => apiUrl,
  custom: (params) => by(params.meta).custom(params),
};
