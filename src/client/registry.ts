/** What the client derives from the resource registry: routes, their parameters, links, menu and field kinds. */
import type { LogicalFilter } from "@refinedev/core";
import { matches } from "../framework/conditions.js";
import type { PageDef } from "../framework/pages.js";
import { can, canAct, canOpen, moduleEnabled, type Principal } from "../framework/permissions.js";
import { pagePermissions, pathParams, routesOf, tableOf, type ResourceDef, type RouteEntry, type RowAction } from "../framework/resource.js";
import type { ResourceOutline } from "../framework/outline.js";
import { baseType, isWritable, propertiesOf } from "../framework/schema.js";
import { outlineByName } from "./declarations.js";

type Row = Record<string, unknown>;

export interface RouteValues {
  fromPath: Record<string, string>;
  fromQuery: Record<string, string>;
}

/**
 * A route's parameters other than the record id, by the field they stand for: path parameters by
 * their own name (or the name the view's `params` maps them to), query parameters the view maps.
 * `/log_new_receipt?poID=7` with `params: { poID: "purchase_order_id" }` → `{ purchase_order_id: "7" }`.
 */
export function routeValues(entry: Pick<RouteEntry, "path" | "view" | "idParam">, path: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams): RouteValues {
  const mapped = entry.view?.params ?? {};
  const inPath = pathParams(entry.path);
  const values: RouteValues = { fromPath: {}, fromQuery: {} };
  for (const param of inPath) {
    const value = path[param];
    if (param !== entry.idParam && value) values.fromPath[mapped[param] ?? param] = value;
  }
  for (const [param, key] of Object.entries(mapped)) {
    const value = search.get(param);
    if (value && !inPath.includes(param)) values.fromQuery[key] = value;
  }
  return values;
}

/** Fields a list can be filtered on: columns (with the implicit ones) and belongs-to / refers-many fields. */
export function filterFields(resource: ResourceDef): Set<string> {
  const fields = new Set(["id", "created_at", "updated_at", ...Object.keys(propertiesOf(resource))]);
  for (const [name, relation] of Object.entries(resource.relations ?? {})) {
    for (const field of relation.fields) fields.add(`${name}.${field}`);
  }
  return fields;
}

const suffixes: [string, LogicalFilter["operator"]][] = [["_ne", "ne"], ["_gte", "gte"], ["_lte", "lte"], ["_like", "contains"]];

/** The field a query-grammar key filters on (`vendor.name_like` → `vendor.name`; `_null` is Has Data / No Data). */
export const grammarField = (key: string) => key.replace(/_(ne|gte|lte|like|null)$/, "");

/**
 * A filter in the API's query grammar (`vendor.name_like=Acme`, `status=[...]`) as a Refine filter.
 * `<field>_null` stays a field of its own (the data provider sends it as is).
 */
export function grammarFilter(key: string, value: string | readonly string[]): LogicalFilter {
  const suffix = suffixes.find(([s]) => key.endsWith(s));
  if (suffix) return { field: key.slice(0, -suffix[0].length), operator: suffix[1], value };
  return { field: key, operator: Array.isArray(value) ? "in" : "eq", value };
}

/** The query-string key the data provider (providers/data.ts) sends a Refine filter as (eq and in are both the bare field). */
export function apiKey(filter: LogicalFilter): string {
  const suffix = suffixes.find(([, op]) => op === filter.operator);
  return suffix ? `${filter.field}${suffix[0]}` : filter.field;
}

/** A list route's filters from its parameters; parameters that name no filterable field are not filters. */
export const routeFilters = (resource: ResourceDef, values: Record<string, string>): LogicalFilter[] =>
  Object.entries(values).filter(([key]) => filterFields(resource).has(grammarField(key))).map(([key, value]) => grammarFilter(key, value));

/** A form's prefill from route parameters: writable fields of the same name, typed by the schema. */
export function routePrefill(resource: ResourceDef, values: Record<string, string>): Row {
  const properties = propertiesOf(resource);
  const prefill: Row = {};
  for (const [field, value] of Object.entries(values)) {
    const property = properties[field];
    if (!property || !isWritable(resource, field, property, "create")) continue;
    const type = baseType(property);
    if (type === "integer" || type === "number") {
      if (!Number.isNaN(Number(value))) prefill[field] = Number(value);
    } else if (type === "boolean") prefill[field] = value === "true";
    else if (type === "string") prefill[field] = value;
  }
  return prefill;
}

/** A duplicate's starting values: the record's writable fields, without its id. */
export function duplicateOf(resource: ResourceDef, record: Row): Row {
  const properties = propertiesOf(resource);
  return Object.fromEntries(Object.entries(record).filter(([field]) =>
    field !== "id" && properties[field] && isWritable(resource, field, properties[field], "create")));
}

/**
 * Fill a route with a record: the first parameter is the record id, the others come from the
 * row's fields of the same name (`/accrual_blasts/edit/:accrual_blast_id/:accrual_option`).
 */
export function pathFor(template: string, id: string | number, row: Row = {}): string {
  const [first, ...rest] = pathParams(template);
  let path = first ? template.replace(`:${first}`, encodeURIComponent(String(id))) : template;
  for (const param of rest) path = path.replace(`:${param}`, encodeURIComponent(String(row[param] ?? "")));
  return path;
}

/** How a record is named on screen: its name fields (or title), each as `show` says (default: as stored), else its id. */
export function recordName(resource: Pick<ResourceDef, "nameFields" | "title">, row: Row, show: (field: string) => string = (field) => String(row[field] ?? "")): string {
  const parts = (resource.nameFields ?? [resource.title]).map(show).filter((v) => v !== "");
  return parts.length ? parts.join(" ") : String(row.id ?? "");
}

export function showPath(resourceName: string, id: unknown): string | undefined {
  const resource = outlineByName.get(resourceName);
  // a view without a show page of its own (PO requests) shows its records on its table's resource
  const show = resource?.routes.show ?? (resource?.table ? outlineByName.get(resource.table)?.routes.show : undefined);
  return show && id !== null && id !== undefined ? pathFor(show, id as string | number) : undefined;
}

/**
 * Where a saved record opens: its show page (its table's, for a view such as PO requests) when the
 * principal may open it, else its edit page, else its list (a PO request saved by a requester).
 */
export function openedPath(resourceName: string, row: Row, principal: Principal): string | undefined {
  const resource = outlineByName.get(resourceName);
  if (!resource || row.id === null || row.id === undefined) return undefined;
  const table = resource.table ? outlineByName.get(resource.table) : undefined;
  const candidates: [ResourceOutline | undefined, "show" | "edit"][] = [[resource, "show"], [table, "show"], [resource, "edit"]];
  for (const [owner, page] of candidates) {
    const path = owner?.routes[page];
    if (owner && path && canOpen(principal, { permissions: pagePermissions(owner, page), module: owner.module })) return pathFor(path, row.id as number, row);
  }
  return resource.routes.list;
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
const groupOrder = ["dashboards", "approvals", "payables", "payments", "purchasing", "receiving", "accruals", "expenses", "cards", "vendors", "accounting", "admin"];

/**
 * The sider menu: the list routes (the list and titled list views without path parameters) of the
 * resources the principal may open, and the declared pages the principal may open (dashboards under
 * "dashboards", other pages in their `menu` group).
 */
export function menuGroups(resources: readonly Pick<ResourceDef, "name" | "table" | "menu" | "routes" | "permissions" | "module">[], pages: readonly PageDef[], principal: Principal, frequent: readonly string[] = []): MenuGroup[] {
  const items: { group: string; order: number; entry: MenuEntry }[] = [];
  for (const resource of resources) {
    if (!resource.menu || !canAct(principal, resource, "list")) continue;
    const { group, order = 0 } = resource.menu;
    for (const route of routesOf(resource)) {
      if (route.page !== "list" || pathParams(route.path).length) continue;
      if (route.path !== resource.routes.list && !route.view?.title) continue;
      // every list of approvals awaiting someone is under "approvals", whatever the record's area
      const approvals = tableOf(resource) === "approvals" || route.view?.approvalList;
      items.push({ group: approvals ? "approvals" : group, order, entry: { path: route.path, label: route.path === resource.routes.list ? `${resource.name}.titles.list` : route.view!.title! } });
    }
  }
  for (const page of pages) {
    const menu = page.menu ?? (page.kind === "dashboard" && page.menu !== false ? { group: "dashboards" } : undefined);
    if (!menu || pathParams(page.path).length || !canOpen(principal, page)) continue;
    items.push({ group: menu.group, order: menu.order ?? 0, entry: { path: page.path, label: page.title } });
  }
  const groups = new Map<string, MenuEntry[]>();
  for (const { group, entry } of items.sort((a, b) => a.order - b.order)) {
    const entries = groups.get(group) ?? [];
    // an alias path (e.g. /receiving_dashboard for /dashboard/receiving) is not a second entry
    if (!entries.some((e) => e.label === entry.label)) groups.set(group, [...entries, entry]);
  }
  // the role's frequent areas first, in its order, then the others in the usual one
  const order = [...frequent, ...groupOrder.filter((g) => !frequent.includes(g))];
  const rank = (group: string) => (order.includes(group) ? order.indexOf(group) : order.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([group, entries]) => ({ group, entries }));
}

export { fieldKind, type FieldKind } from "../framework/cell-text.js";

/** Row actions the principal may take on this row (permission, module, `when` condition, and a route to go to). */
export const rowActionsFor = (resource: ResourceDef, principal: Principal, row: Row): RowAction[] =>
  (resource.rowActions ?? []).filter((a) =>
    moduleEnabled(principal, resource) && can(principal, a.permission) && matches(a.when, row)
    && (a.action === "delete" || Boolean(resource.routes[a.action])));
