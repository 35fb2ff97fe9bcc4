/**
 * Which of a list's visible columns a phone's row card (RowCard) shows, and where: the title (the first
 * column: number or name), a second line (the next two text columns, e.g. the vendor), the status, the
 * amount (the first column the list totals, else the first money column) and the first date.
 */
import type { ColumnDef, ResourceDef } from "../../framework/resource.js";
import { fieldKind } from "../../framework/cell-text.js";

export interface CardFields {
  title: ColumnDef;
  /** the second line's columns */
  details: ColumnDef[];
  status?: ColumnDef;
  amount?: ColumnDef;
  date?: ColumnDef;
}

const textKinds = new Set(["text", "enum", "resource"]);
const detailsShown = 2;

export function cardFields(resource: ResourceDef, columns: readonly ColumnDef[]): CardFields | undefined {
  const [title, ...rest] = columns;
  if (!title) return undefined;
  const kind = (c: ColumnDef) => fieldKind(resource, c.field);
  return {
    title,
    details: rest.filter((c) => textKinds.has(kind(c))).slice(0, detailsShown),
    status: rest.find((c) => kind(c) === "status"),
    // the list's own figure (a column it totals, e.g. the balance to pay) before any other amount
    amount: rest.find((c) => kind(c) === "money" && c.total) ?? rest.find((c) => kind(c) === "money"),
    date: rest.find((c) => kind(c) === "date" || kind(c) === "datetime"),
  };
}
