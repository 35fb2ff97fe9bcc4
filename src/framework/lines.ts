/**
 * Document lines, the part server and client share: a line's total (the product its declaration
 * names, e.g. quantity × unit_price, rounded once) and the sum of the lines. The server's line hooks
 * store it; the line grid shows it while the user types. And the lines' context (LinesDef `context`):
 * the related records' figures the server reads with the lines and the grid shows beside them.
 */
import { valueAt } from "./conditions.js";
import { money, round, sum } from "./money.js";
import type { BelongsTo, LinesDef, ResourceDef } from "./resource.js";
import { isServerOwned, propertiesOf } from "./schema.js";

type Line = Readonly<Record<string, unknown>>;

const isNumber = (value: unknown) => value !== null && value !== undefined && value !== "" && !Number.isNaN(Number(value));

/** The declared lines of `resource` held by its relation `relation`. */
export function linesOf(resource: Pick<ResourceDef, "name" | "lines">, relation: string): LinesDef {
  const lines = resource.lines?.find((l) => l.relation === relation);
  if (!lines) throw new Error(`${resource.name} declares no lines ${relation}`);
  return lines;
}

/** A line's total: the product of the declared fields, else the total field itself; undefined while a factor is missing. */
export function lineTotal(def: LinesDef, line: Line): string | undefined {
  if (!def.total) return undefined;
  const factors = def.total.product?.map((field) => line[field]) ?? [line[def.total.field]];
  if (!factors.every(isNumber)) return undefined;
  return round(factors.reduce<ReturnType<typeof money>>((product, factor) => product.times(String(factor)), money(1)));
}

/** The sum of the lines' totals (lines without one count as zero). */
export function linesTotal(def: LinesDef, lines: readonly Line[]): string {
  return sum(lines.map((line) => lineTotal(def, line) ?? "0"));
}

/** A belongs-to relation of the line that the context reads figures of (`po_item.quantity` → po_item, quantity). */
export interface ContextRelation {
  name: string;
  relation: BelongsTo;
  fields: string[];
}

/** The belongs-to relations the context names, each with the fields it reads of it. */
export function contextRelations(line: Pick<ResourceDef, "name" | "relations">, def: LinesDef): ContextRelation[] {
  const byName = new Map<string, string[]>();
  for (const path of Object.values(def.context ?? {}).flat()) {
    const dot = path.indexOf(".");
    if (dot < 0) continue;
    const name = path.slice(0, dot);
    byName.set(name, [...(byName.get(name) ?? []), path.slice(dot + 1)]);
  }
  return [...byName].map(([name, fields]) => {
    const relation = line.relations?.[name];
    if (relation?.kind !== "belongsTo") throw new Error(`${line.name}: line context ${name} must name a belongs-to relation`);
    return { name, relation, fields };
  });
}

/** A related record as a line embeds it for its context: its id and the fields the context reads. */
export const contextOf = (fields: readonly string[], record: Line): Record<string, unknown> =>
  Object.fromEntries(["id", ...fields].map((field) => [field, record[field]]));

/**
 * The grid's columns in order: each field, then the context figures shown after it (a field the context
 * shows is not repeated); a figure no line has a value of yet is left out (a new document's empty columns).
 */
export function gridColumns(def: LinesDef, fields: readonly string[], lines: readonly Line[]): { field: string; context: boolean }[] {
  const inContext = new Set(Object.values(def.context ?? {}).flat());
  const known = (path: string) => lines.some((line) => { const value = valueAt(line, path); return value !== undefined && value !== null; });
  return fields.filter((field) => !inContext.has(field)).flatMap((field) => [
    { field, context: false },
    ...(def.context?.[field] ?? []).filter(known).map((path) => ({ field: path, context: true })),
  ]);
}

/**
 * A line pulled by the picker from a line of resource `from`: the declared fields mapped (`map`), and the
 * context of the relation pointing at the pulled line itself (its foreign key mapped from `id`) read off it.
 */
export function pulledLine(line: Pick<ResourceDef, "name" | "relations">, def: LinesDef, from: string, pulled: Line): Record<string, unknown> {
  const map = def.pick?.map ?? {};
  const mapped: Record<string, unknown> = Object.fromEntries(Object.entries(map).map(([to, field]) => [to, pulled[field]]));
  for (const { name, relation, fields } of contextRelations(line, def)) {
    if (relation.resource === from && map[relation.foreignKey] === "id") mapped[name] = contextOf(fields, pulled);
  }
  return mapped;
}

/**
 * What is wrong with a lines declaration's context (none: []): each key must be a line field of the grid;
 * each figure the line's own server-owned or computed field (a writable one belongs in `fields`), or a
 * column or computed field of the record one of its belongs-to relations names.
 */
export function contextProblems(line: ResourceDef, def: LinesDef, byName: ReadonlyMap<string, ResourceDef>): string[] {
  const readable = (resource: ResourceDef, field: string) => field in propertiesOf(resource) || !!resource.computed?.includes(field);
  const problems: string[] = [];
  for (const [after, paths] of Object.entries(def.context ?? {})) {
    if (!def.fields.includes(after)) problems.push(`${def.relation}: context after ${after}, not a field of the grid`);
    for (const path of paths) {
      const [first, field] = path.split(".");
      if (field === undefined) {
        const own = !!line.computed?.includes(first) || (first in propertiesOf(line) && isServerOwned(line, first, propertiesOf(line)[first], "update"));
        if (!own) problems.push(`${def.relation}: context ${path} is neither server-owned nor computed`);
        continue;
      }
      const relation = line.relations?.[first];
      const target = relation?.kind === "belongsTo" ? byName.get(relation.resource) : undefined;
      if (!target) problems.push(`${def.relation}: context ${path} names no belongs-to relation`);
      else if (!readable(target, field)) problems.push(`${def.relation}: context ${path} is no field of ${target.name}`);
    }
  }
  return problems;
}
