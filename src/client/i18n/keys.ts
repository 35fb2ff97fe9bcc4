/**
 * The i18n key scheme, derived from the registry: every label the generated pages show has a key.
 *   <resource>.titles.list|show|create|edit     <resource>.fields.<field>  (dots of paths become _)
 *   <resource>.statuses.<CODE>                  <resource>.values.<field>.<enum value>
 *   menu.<group>, view titles and row-action confirmations are keys as declared.
 */
import type { ResourceDef } from "../../framework/resource.js";
import { propertiesOf, type Property } from "../../framework/schema.js";

export type PageKind = "list" | "show" | "create" | "edit";

export const titleKey = (resource: string, page: PageKind) => `${resource}.titles.${page}`;
export const fieldKey = (resource: string, field: string) => `${resource}.fields.${field.replace(/\./g, "_")}`;
export const statusKey = (resource: string, code: string) => `${resource}.statuses.${code}`;
export const valueKey = (resource: string, field: string, value: string) => `${resource}.values.${field}.${value}`;
export const menuKey = (group: string) => `menu.${group}`;

/** Enumerated values of a property (or of its items), as strings. */
export const enumOf = (property: Property | undefined): string[] =>
  (property?.enum ?? property?.items?.enum ?? []).map(String);

export function requiredKeys(resources: readonly ResourceDef[]): string[] {
  const keys = new Set<string>();
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const r of resources) {
    const { list, show, create, edit, views = [] } = r.routes;
    const pages: [PageKind, unknown][] = [["list", list ?? views.length], ["show", show], ["create", create], ["edit", edit]];
    for (const [page, route] of pages) if (route) keys.add(titleKey(r.name, page));
    for (const view of views) if (view.title) keys.add(view.title);
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
  }
  return [...keys].sort();
}
