/**
 * Which of a resource's declared notices (ResourceDef.notices) a record shows, with the reasons each
 * lists, and what holds its approval. Pure: the pages render it, the tests read it.
 */
import { matches } from "./conditions.js";
import type { RecordNotice, ResourceDef } from "./resource.js";

type Row = Record<string, unknown>;

export interface ShownNotice {
  notice: RecordNotice;
  /** the listed rows' reasons, in the declared order; undefined when the notice lists none */
  reasons?: string[];
}

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/** Ascending by `field`: numbers as numbers, anything else as text. */
function ascending(rows: Row[], field: string | undefined): Row[] {
  if (!field) return rows;
  const key = (row: Row) => row[field];
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return typeof x === "number" && typeof y === "number" ? x - y : String(x ?? "").localeCompare(String(y ?? ""));
  });
}

/** The notices the record matches, in declaration order. */
export function noticesOn(resource: Pick<ResourceDef, "notices">, record: Row): ShownNotice[] {
  return (resource.notices ?? []).filter((notice) => matches(notice.when, record)).map((notice) => {
    const list = notice.list;
    if (!list) return { notice };
    const rows = ascending(rowsOf(record[list.relation]).filter((row) => matches(list.where, row)), list.orderBy);
    const reasons = rows.map((row) => String(row[list.field] ?? "")).filter(Boolean);
    return { notice, reasons };
  });
}

/** The i18n keys of why the record cannot be approved now (its shown notices that hold approval). */
export const approvalHolds = (shown: readonly ShownNotice[]): string[] =>
  shown.flatMap(({ notice }) => (notice.holdsApproval ? [notice.holdsApproval] : []));

/** The record actions the shown notices offer (the page's head leaves them to the notice). */
export const noticeActions = (shown: readonly ShownNotice[]): string[] =>
  shown.flatMap(({ notice }) => (notice.action ? [notice.action] : []));
