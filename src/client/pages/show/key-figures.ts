/**
 * A record's key figures, at the head of its show page: what its list shows of every row (the list's
 * visible columns), so no resource declares them twice. The title column is the page's heading; the
 * status leads the facts; amounts are set apart, to be read at a glance.
 */
import type { ColumnDef, ResourceDef } from "../../../framework/resource.js";
import { fieldKind } from "../../../framework/cell-text.js";

export interface KeyFigures {
  /** status, party, dates, choices */
  facts: ColumnDef[];
  amounts: ColumnDef[];
  /** the record's fields the figures show (a `vendor.name` column shows `vendor_id`), left out of the sections below */
  covered: ReadonlySet<string>;
}

// beyond these the head stops being a summary; the rest stay in the sections
const factsShown = 6;
const amountsShown = 4;

export function keyFigures(resource: ResourceDef): KeyFigures {
  const shown = resource.columns.filter((c) => !c.hidden && c.field !== resource.title && c.field !== "id");
  const kind = (c: ColumnDef) => fieldKind(resource, c.field);
  const amounts = shown.filter((c) => kind(c) === "money").slice(0, amountsShown);
  const facts = [...shown.filter((c) => kind(c) === "status"), ...shown.filter((c) => kind(c) !== "status" && kind(c) !== "money")].slice(0, factsShown);
  return { facts, amounts, covered: new Set([...facts, ...amounts].map((c) => fieldOf(resource, c.field))) };
}

/** The record's own field behind a column: a related record's field stands for the key that refers to it. */
function fieldOf(resource: ResourceDef, path: string): string {
  const [head, ...rest] = path.split(".");
  const relation = rest.length ? resource.relations?.[head] : undefined;
  return relation?.kind === "belongsTo" ? relation.foreignKey : path;
}
