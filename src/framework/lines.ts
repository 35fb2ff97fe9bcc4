/**
 * Document lines, the part server and client share: a line's total (the product its declaration
 * names, e.g. quantity × unit_price, rounded once) and the sum of the lines. The server's line hooks
 * store it; the line grid shows it while the user types.
 */
import { money, round, sum } from "./money.js";
import type { LinesDef, ResourceDef } from "./resource.js";

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
