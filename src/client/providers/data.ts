/**
 * simple-rest on our axios instance. A list view's preset filters (`meta.preset`) always apply: a
 * user filter that would be sent under the same query key is dropped rather than replacing it.
 */
import type { CrudFilter, DataProvider, LogicalFilter } from "@refinedev/core";
import dataProviderFor from "@refinedev/simple-rest";
import { apiUrl, http } from "../http.js";
import { apiKey } from "../registry.js";

const base = dataProviderFor(apiUrl, http);

export function withPreset(filters: readonly CrudFilter[] | undefined, preset: readonly LogicalFilter[] | undefined): CrudFilter[] {
  if (!preset?.length) return [...(filters ?? [])];
  const fixed = new Set(preset.map(apiKey));
  return [...(filters ?? []).filter((f) => !("field" in f) || !fixed.has(apiKey(f))), ...preset];
}

export const dataProvider: DataProvider = {
  ...base,
  getList: (params) => base.getList({ ...params, filters: withPreset(params.filters, params.meta?.preset as LogicalFilter[] | undefined) }),
};
