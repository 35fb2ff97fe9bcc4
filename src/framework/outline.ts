/** A resource's outline: the part of its declaration the client's shell knows (docs/client.md "First load"). */
import { contextRelations } from "./lines.js";
import { chooseGrants, type ChooseGrant } from "./references.js";
import type { ResourceDef } from "./resource.js";

/**
 * What the client's shell knows of a resource (docs/client.md "First load"): its menu entry, routes,
 * guards and names, enough to route, guard, label and link to its pages; the rest of the declaration
 * (schema, columns, forms, lines, actions) loads with the page showing it. Plain data (JSON): the
 * client's build computes every resource's outline at build time (scripts/resource-outlines.ts).
 */
export interface ResourceOutline extends Pick<ResourceDef,
  "name" | "table" | "title" | "nameFields" | "search" | "routes" | "permissions" | "module" | "menu" | "approvable"> {
  /** the declarations a page about one record renders besides its own (related lists, lines, line picks) */
  refs: readonly string[];
  /** who may pick from its rows without listing them (framework/references.ts) */
  choosers: readonly ChooseGrant[];
}

/**
 * The resources a record page of `def` renders: its relations' (and their link resources'), its lines'
 * (with the records their context reads) and their picks', and the approvals of an approvable record (its own or its table's: the approval bar).
 */
export function referencesOf(def: ResourceDef, byName: ReadonlyMap<string, ResourceDef>): string[] {
  const names = Object.values(def.relations ?? {}).flatMap((r) => [r.resource, ...(r.kind === "hasMany" && r.through ? [r.through.resource] : [])]);
  for (const lines of def.lines ?? []) {
    // the records its context reads figures of (a receipt line's PO line), shown in their resource's formats
    const line = byName.get(def.relations?.[lines.relation]?.resource ?? "");
    if (line) names.push(...contextRelations(line, lines).map((c) => c.relation.resource));
    const { pick } = lines;
    if (!pick) continue;
    const pulled = byName.get(pick.from)?.relations?.[pick.relation]?.resource;
    names.push(pick.from, ...(pulled ? [pulled] : []));
  }
  if (def.approvable ?? byName.get(def.table ?? "")?.approvable) names.push("approvals");
  return [...new Set(names)].filter((name) => name !== def.name);
}

/** Every resource's outline, from the whole registry (what refers to each, what each refers to). */
export function outlinesOf(all: readonly ResourceDef[]): ResourceOutline[] {
  const byName = new Map(all.map((r) => [r.name, r]));
  return all.map((def) => {
    const { name, table, title, nameFields, search, routes, permissions, module, menu, approvable } = def;
    const outline = { name, table, title, nameFields, search, routes, permissions, module, menu, approvable,
      refs: referencesOf(def, byName), choosers: chooseGrants(name, all) };
    // the build writes it as JSON: no undefined members, so the outline read back is the outline computed
    return JSON.parse(JSON.stringify(outline)) as ResourceOutline;
  });
}
