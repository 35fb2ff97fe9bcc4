/** What the client derives from the resource registry: routes, links, menu and field kinds. */
import type { LogicalFilter } from "@refinedev/core";
import { matches } from "../framework/conditions.js";
import { can, canAct, moduleEnabled, type Principal } from "../framework/permissions.js";
import type { ColumnKind, ResourceDef, RouteView, RowAction } from "../framework/resource.js";
import { resourceByName } from "../../resources/index.js";
import { propertyAt } from "../framework/schema.js";
import type { PageKind } from "./i18n/keys.js";

export interface RouteEntry {
  path: string;
  resource: ResourceDef;
  page: PageKind;
  /** list routes: the view (preset filters, query parameters) */
  view?: RouteView;
}

/** Every route the registry declares; a view on the list path refines the list route. */
export function resourceRoutes(resources: readonly ResourceDef[]): RouteEntry[] {
  return resources.flatMap((resource) => {
    const { list, show, create, edit, views = [] } = resource.routes;
    const lists = new Map<string, RouteView>();
    if (list) lists.set(list, { path: list });
    for (const view of views) lists.set(view.path, view);
    const pages: RouteEntry[] = [...lists.values()].map((view) => ({ path: view.path, resource, page: "list", view }));
    for (const [page, path] of [["create", create], ["show", show], ["edit", edit]] as const) {
      if (path) pages.push({ path, resource, page });
    }
    return pages;
  });
}

/** Fill the record id into a route such as /invoices/:invoiceID/edit. */
export const pathFor = (template: string, id: string | number) => template.replace(/:[A-Za-z_]\w*/, encodeURIComponent(String(id)));

export function showPath(resourceName: string, id: unknown): string | undefined {
  const show = resourceByName.get(resourceName)?.routes.show;
  return show && id !== null && id !== undefined ? pathFor(show, id as string | number) : undefined;
}

export interface MenuEntry {
  path: string;
  label: string;
}

export interface MenuGroup {
  group: string;
  entries: MenuEntry[];
}

/** Groups in this order first; groups of new resources follow. */
const groupOrder = ["payables", "purchasing", "vendors", "admin"];

/** The sider menu: list routes (and titled views) of the resources the principal may list. */
export function menuGroups(resources: readonly ResourceDef[], principal: Principal): MenuGroup[] {
  const listed = resources
    .flatMap((resource) => (resource.menu && canAct(principal, resource, "list") ? [{ resource, menu: resource.menu }] : []))
    .sort((a, b) => (a.menu.order ?? 0) - (b.menu.order ?? 0));
  const groups = new Map<string, MenuEntry[]>();
  for (const { resource, menu } of listed) {
    const { list, views = [] } = resource.routes;
    const entries = groups.get(menu.group) ?? [];
    if (list) entries.push({ path: list, label: `${resource.name}.titles.list` });
    for (const view of views) if (view.title && view.path !== list) entries.push({ path: view.path, label: view.title });
    groups.set(menu.group, entries);
  }
  const rank = (group: string) => (groupOrder.includes(group) ? groupOrder.indexOf(group) : groupOrder.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([group, entries]) => ({ group, entries }));
}

export type FieldKind = ColumnKind | "object";

/** How a field is shown: the column's kind, else what the schema (or the value) says. */
export function fieldKind(resource: ResourceDef, field: string, value?: unknown): FieldKind {
  const column = resource.columns.find((c) => c.field === field);
  if (column?.kind) return column.kind;
  if (field === resource.statuses?.field) return "status";
  const property = propertyAt(resource, field);
  const type = Array.isArray(property?.type) ? property.type.find((t) => t !== "null") : property?.type;
  if (property?.format === "money") return "money";
  if (property?.format === "date") return "date";
  if (property?.format === "date-time") return "datetime";
  if (property?.format === "decimal") return "number";
  if (property?.enum) return "enum";
  if (type === "boolean" || typeof value === "boolean") return "boolean";
  if ((type === "integer" || type === "number") && !property?.["x-references"]) return "number";
  if (value !== null && typeof value === "object") return "object";
  // computed fields have no schema: amounts travel as decimal strings with two places
  if (!property && typeof value === "string" && /^-?\d+\.\d{2}$/.test(value)) return "money";
  return "text";
}

/** Row actions the principal may take on this row (permission, module and `when` condition). */
export const rowActionsFor = (resource: ResourceDef, principal: Principal, row: Record<string, unknown>): RowAction[] =>
  (resource.rowActions ?? []).filter((a) =>
    moduleEnabled(principal, resource) && can(principal, a.permission) && matches(a.when, row)
    && (a.action !== "edit" || Boolean(resource.routes.edit)) && (a.action !== "show" || Boolean(resource.routes.show)));

const suffixes: [string, LogicalFilter["operator"]][] = [["_ne", "ne"], ["_gte", "gte"], ["_lte", "lte"], ["_like", "contains"]];

/** A filter in the API's query grammar (`vendor.name_like=Acme`, `status=[...]`) as a Refine filter. */
export function grammarFilter(key: string, value: string | readonly string[]): LogicalFilter {
  const suffix = suffixes.find(([s]) => key.endsWith(s));
  if (suffix) return { field: key.slice(0, -suffix[0].length), operator: suffix[1], value };
  return { field: key, operator: Array.isArray(value) ? "in" : "eq", value };
}
