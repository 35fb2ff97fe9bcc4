/**
 * The Refine data provider, on our HTTP client, in the list grammar the server reads
 * (src/server/resources/grammar.ts, the one of @refinedev/simple-rest): `_start` `_end` for the
 * page, `_sort` `_order` (comma-separated), a filter as `field` (eq; in = the key repeated),
 * `field_ne`, `field_gte`, `field_lte`, `field_like` (contains) and `q`; totals from x-total-count.
 * A list view's preset filters (`meta.preset`) always apply: a user filter that would be sent under
 * the same query key is dropped rather than replacing it.
 */
import type { BaseRecord, CrudFilter, CrudSort, DataProvider, LogicalFilter } from "@refinedev/core";
import { apiUrl, http } from "../http.js";
import { apiKey } from "../registry.js";

export function withPreset(filters: readonly CrudFilter[] | undefined, preset: readonly LogicalFilter[] | undefined): CrudFilter[] {
  if (!preset?.length) return [...(filters ?? [])];
  const fixed = new Set(preset.map(apiKey));
  return [...(filters ?? []).filter((f) => !("field" in f) || !fixed.has(apiKey(f))), ...preset];
}

type Query = Record<string, unknown>;

/** `key=value` pairs, keys in alphabetical order, an array as its key repeated, undefined left out. */
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

const withQuery = (url: string, query: Query) => {
  const search = queryString(query);
  return search ? `${url}?${search}` : url;
};

/** `_sort` and `_order` of the sorters, none without sorters. */
export function sortQuery(sorters: readonly CrudSort[] | undefined): Query {
  if (!sorters?.length) return {};
  return { _sort: sorters.map((s) => s.field).join(","), _order: sorters.map((s) => s.order).join(",") };
}

/** Filters as query keys (apiKey in registry.ts); `q` is the search. Conditional (or/and) filters are not in the grammar. */
export function filterQuery(filters: readonly CrudFilter[] | undefined): Query {
  const query: Query = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter)) throw new Error(`\`operator: ${filter.operator}\` is not supported by the list grammar`);
    query[filter.field === "q" ? "q" : apiKey(filter)] = filter.value;
  }
  return query;
}

/** What `meta` may carry for a call: extra headers, another method than the default one, failures the caller reports itself. */
function metaOf(meta: Record<string, unknown> | undefined) {
  return { headers: meta?.headers as Record<string, string> | undefined, method: meta?.method as string | undefined, silent: meta?.silent as readonly number[] | undefined };
}

type Verb = "get" | "post" | "put" | "patch" | "delete";
const verbOf = (method: string | undefined, fallback: Verb): Verb =>
  method && ["get", "post", "put", "patch", "delete"].includes(method) ? (method as Verb) : fallback;

/** A call with the method `meta` asks for (a GET carries no body). */
function call<T>(method: Verb, url: string, body: unknown, headers: Record<string, string> | undefined, silent?: readonly number[]) {
  return http.request<T>(method.toUpperCase() as Uppercase<Verb>, url, method === "get" ? undefined : body, { headers, silent });
}

export const dataProvider: DataProvider = {
  async getList({ resource, pagination, filters, sorters, meta }) {
    const { currentPage = 1, pageSize = 10, mode = "server" } = pagination ?? {};
    const { headers, method } = metaOf(meta);
    const page: Query = mode === "server" ? { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize } : {};
    const preset = meta?.preset as LogicalFilter[] | undefined;
    const query = { ...page, ...sortQuery(sorters), ...filterQuery(withPreset(filters, preset)) };
    const response = await call<BaseRecord[]>(verbOf(method, "get"), withQuery(`${apiUrl}/${resource}`, query), undefined, headers);
    const total = Number(response.headers["x-total-count"]);
    return { data: response.data as never, total: total || response.data.length };
  },

  async getMany({ resource, ids, meta }) {
    const { headers, method } = metaOf(meta);
    const { data } = await call(verbOf(method, "get"), withQuery(`${apiUrl}/${resource}`, { id: ids }), undefined, headers);
    return { data: data as never };
  },

  async getOne({ resource, id, meta }) {
    const { headers, method, silent } = metaOf(meta);
    const { data } = await call(verbOf(method, "get"), `${apiUrl}/${resource}/${id}`, undefined, headers, silent);
    return { data: data as never };
  },

  async create({ resource, variables, meta }) {
    const { headers, method } = metaOf(meta);
    const { data } = await call(verbOf(method, "post"), `${apiUrl}/${resource}`, variables, headers);
    return { data: data as never };
  },

  async update({ resource, id, variables, meta }) {
    const { headers, method } = metaOf(meta);
    const { data } = await call(verbOf(method, "patch"), `${apiUrl}/${resource}/${id}`, variables, headers);
    return { data: data as never };
  },

  async deleteOne({ resource, id, variables, meta }) {
    const { headers, method } = metaOf(meta);
    const { data } = await call(verbOf(method, "delete"), `${apiUrl}/${resource}/${id}`, variables, headers);
    return { data: data as never };
  },

  getApiUrl: () => apiUrl,

  /** GET with the sorters, filters and query in the URL; other methods send the payload. */
  async custom({ url, method, filters, sorters, payload, query, headers }) {
    const verb = verbOf(method, "get");
    const target = verb === "get" ? withQuery(url, { ...sortQuery(sorters), ...filterQuery(filters), ...(query as Query | undefined) }) : url;
    const { data } = await call(verb, target, payload, headers as Record<string, string> | undefined);
    return { data: data as never };
  },
};
