/**
 * Where a dashboard figure or bar leads: the resource's list filtered like the widget, plus the bar's
 * group value (a column value, a month, an aging bucket as a due-date range).
 */
import { stringifyTableParams } from "@refinedev/core";
import dayjs from "dayjs";
import type { Filter } from "../../framework/pages.js";
import type { ResourceDef } from "../../framework/resource.js";
import { grammarFilter } from "../registry.js";

/** The list of `resource` filtered by query-grammar filters, as a link. */
export function listLink(resource: ResourceDef, filter: Filter = {}): string | undefined {
  if (!resource.routes.list) return undefined;
  const filters = Object.entries(filter).map(([key, value]) => grammarFilter(key, value));
  return filters.length ? `${resource.routes.list}?${stringifyTableParams({ filters, sorters: [] })}` : resource.routes.list;
}

/**
 * The date range of an aging bucket on `today` (the server's buckets, stats.ts: more than 60 days
 * past the date, more than 30, else 0-30 including what is not yet due).
 */
function agingRange(field: string, bucket: string, today: string): Filter | undefined {
  const daysAgo = (days: number) => dayjs(today).subtract(days, "day").format("YYYY-MM-DD");
  if (bucket === "61+") return { [`${field}_lte`]: daysAgo(61) };
  if (bucket === "31-60") return { [`${field}_gte`]: daysAgo(60), [`${field}_lte`]: daysAgo(31) };
  if (bucket === "0-30") return { [`${field}_gte`]: daysAgo(30) };
  return undefined;
}

/** The rows behind a bar: the widget's filter plus the bar's group value; undefined where none can be said. */
export function barFilter(group: string, key: string | null, filter: Filter = {}, today: string): Filter | undefined {
  const [fn, field] = group.includes(":") ? group.split(":", 2) : [undefined, group];
  if (key === null) return undefined;
  if (fn === "aging") {
    const range = agingRange(field, key, today);
    return range && { ...filter, ...range };
  }
  if (fn === "month") {
    const first = dayjs(`${key}-01`);
    return { ...filter, [`${field}_gte`]: first.format("YYYY-MM-DD"), [`${field}_lte`]: first.endOf("month").format("YYYY-MM-DD") };
  }
  return { ...filter, [field]: key };
}
