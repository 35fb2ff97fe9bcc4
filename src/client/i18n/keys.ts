/**
 * The i18n key scheme, derived from the registry: every label the generated pages show has a key.
 *   <resource>.titles.<page>  for each page kind the resource has a route for (list, show, create,
 *                             edit, duplicate, approval)
 *   <resource>.fields.<field>  (dots of paths become _)
 *   <resource>.statuses.<CODE>                  <resource>.values.<field>.<enum value>
 *   roles.<role> for the role matrix, menu.<group>, view titles, row-action confirmations, record-action labels and
 *   confirmations, notices' texts, and the declared pages' titles, dashboard
 *   variant titles and widget titles are keys as declared.
 */
import type { PageDef } from "../../framework/pages.js";
import { routesOf, type PageKind, type ResourceDef } from "../../framework/resource.js";
import { roleNames } from "../../framework/roles.js";
import { propertiesOf, type Property } from "../../framework/schema.js";

export type { PageKind };

export { fieldKey, statusKey, titleKey, valueKey } from "../../framework/cell-text.js";
import { fieldKey, statusKey, titleKey, valueKey } from "../../framework/cell-text.js";
export const menuKey = (group: string) => `menu.${group}`;
export const roleKey = (role: string) => `roles.${role}`;

/** Enumerated values of a property (or of its items), as strings. */
export const enumOf = (property: Property | undefined): string[] =>
  (property?.enum ?? property?.items?.enum ?? []).map(String);

/** Keys the declared pages need: titles, dashboard variant and widget titles, menu groups. */
export function pageKeys(pages: readonly PageDef[]): string[] {
  const keys = new Set<string>();
  for (const page of pages) {
    keys.add(page.title);
    if (page.menu) keys.add(menuKey(page.menu.group));
    else if (page.kind === "dashboard" && page.menu !== false) keys.add(menuKey("dashboards"));
    for (const variant of page.variants ?? []) {
      keys.add(variant.title);
      for (const widget of variant.widgets) keys.add(widget.title);
    }
  }
  return [...keys];
}

export function requiredKeys(resources: readonly ResourceDef[], pages: readonly PageDef[] = []): string[] {
  const keys = new Set<string>([...pageKeys(pages), ...roleNames.map(roleKey)]);
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const r of resources) {
    for (const route of routesOf(r)) {
      keys.add(titleKey(r.name, route.page));
      if (route.view?.title) keys.add(route.view.title);
    }
    if (r.menu) keys.add(menuKey(r.menu.group));

    const properties = propertiesOf(r);
    const fields = [
      "id",
      ...Object.keys(properties).filter((f) => !properties[f].writeOnly),
      ...(r.computed ?? []),
      ...r.columns.map((c) => c.field),
      ...Object.keys(r.relations ?? {}),
    ];
    for (const field of fields) keys.add(fieldKey(r.name, field));
    for (const [field, property] of Object.entries(properties)) {
      for (const sub of Object.keys(property.items?.properties ?? {})) keys.add(fieldKey(r.name, `${field}.${sub}`));
    }
    // the line grid: its buttons, and the picker's
    if (r.lines?.length) for (const word of ["add", "remove", "total", ...(r.lines.some((l) => l.pick) ? ["pick", "pickTitle", "pickNone"] : [])]) keys.add(`lines.${word}`);
    // the figures the lines' context shows, labelled as the line resource's fields (`receipt_items.fields.po_item_quantity`)
    for (const def of r.lines ?? []) {
      const line = byName.get(r.relations?.[def.relation]?.resource ?? "");
      if (line) for (const path of Object.values(def.context ?? {}).flat()) keys.add(fieldKey(line.name, path));
    }
    for (const relation of Object.values(r.relations ?? {})) {
      const target = byName.get(relation.resource);
      if (target && relation.kind !== "belongsTo") for (const field of relation.fields) keys.add(fieldKey(target.name, field));
    }

    for (const [field, property] of Object.entries(properties)) {
      if (field === r.statuses?.field) continue;
      for (const value of enumOf(property)) keys.add(valueKey(r.name, field, value));
    }
    for (const status of r.statuses?.values ?? []) keys.add(statusKey(r.name, status.code));
    for (const code of Object.keys(r.statuses?.composites ?? {})) keys.add(statusKey(r.name, code));
    for (const action of r.rowActions ?? []) if (action.confirm) keys.add(action.confirm);
    for (const action of r.recordActions ?? []) {
      keys.add(action.label);
      if (action.confirm) keys.add(action.confirm);
      for (const field of Object.keys((action.input as { properties?: object } | undefined)?.properties ?? {})) keys.add(fieldKey(r.name, field));
    }
    // a notice listing rows says how many: its headline in the plural forms
    for (const notice of r.notices ?? []) {
      for (const key of notice.list ? [`${notice.message}_one`, `${notice.message}_other`] : [notice.message]) keys.add(key);
      for (const key of [notice.detail, notice.holdsApproval]) if (key) keys.add(key);
    }
  }
  return [...keys].sort();
}
