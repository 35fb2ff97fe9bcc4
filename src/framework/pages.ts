/**
 * Screens that are not a resource's list/show/create/edit: dashboards built from declared widgets,
 * and hand-written pages. Plain data like resources; the client renders them, the manifest lists them.
 */
import type { PermissionKeys } from "./resource.js";

export type Filter = Readonly<Record<string, string | readonly string[]>>;

const relativeDate = /^@(today|week|month)(?:([+-]\d+)(m?))?$/;

/**
 * A widget filter's value may be a day relative to the day the dashboard is shown (`today`, YYYY-MM-DD):
 * "@today", "@week" (its Monday), "@month" (its first day), each optionally shifted by days ("@today-7")
 * or by months ("@month-11m": the first day of the month eleven months back).
 * Every other value stays as declared.
 */
export function resolveFilter(filter: Filter | undefined, today: string): Filter | undefined {
  if (!filter) return filter;
  const resolve = (value: string): string => {
    const match = relativeDate.exec(value);
    if (!match) return value;
    const day = new Date(`${today}T00:00:00Z`);
    if (match[1] === "week") day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    if (match[1] === "month") day.setUTCDate(1);
    if (match[3]) day.setUTCMonth(day.getUTCMonth() + Number(match[2]));
    else day.setUTCDate(day.getUTCDate() + Number(match[2] ?? 0));
    return day.toISOString().slice(0, 10);
  };
  return Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, typeof value === "string" ? resolve(value) : value.map(resolve)]));
}

/** The order of a list widget's rows. */
export interface WidgetSort {
  field: string;
  order: "asc" | "desc";
}

export type Widget =
  /** a count of a resource's rows matching `filter`, linking to the list so filtered */
  | { type: "count"; title: string; resource: string; filter?: Filter }
  /** a sum of a money column over matching rows (in the company currency), linking to the list so filtered */
  | { type: "sum"; title: string; resource: string; field: string; filter?: Filter }
  /**
   * a bar chart from GET /api/{resource}/stats: `group` is a column, month:<date> or aging:<date>;
   * `total` shows the bars' total under them (e.g. the aging of the rows a sum tile adds up, which it must equal)
   */
  | { type: "chart"; title: string; resource: string; group: string; sum?: string; filter?: Filter; total?: boolean }
  /**
   * the first `limit` rows of a resource matching `filter` in `sort` order, showing `columns` (declared
   * columns of the resource); each row opens the path in its `link` field (e.g. an approval's
   * `approvable.screen`), else the record's show page
   */
  | { type: "list"; title: string; resource: string; columns: readonly string[]; sort: WidgetSort; limit: number; filter?: Filter; link?: string };

export interface DashboardVariant {
  /** roles this variant is for; the variant without roles is the default */
  roles?: readonly string[];
  title: string;
  widgets: readonly Widget[];
}

export interface PageDef {
  path: string;
  kind: "dashboard" | "page";
  title: string;
  /** any one suffices; empty = every signed-in staff user */
  permissions: PermissionKeys;
  module?: string;
  /** the resource the page is about, for the manifest */
  resource?: string;
  /** dashboards: the variants, chosen by the user's role */
  variants?: readonly DashboardVariant[];
  /** hand-written pages: the client component's name */
  component?: string;
  /** a menu entry in this group; dashboards are listed under "dashboards" unless `false` */
  menu?: { group: string; order?: number } | false;
}

export function variantFor(page: PageDef, role: string): DashboardVariant | undefined {
  return page.variants?.find((v) => v.roles?.includes(role)) ?? page.variants?.find((v) => !v.roles);
}
