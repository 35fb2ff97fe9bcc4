/**
 * A list's selected rows (grid/DataTable.tsx): the selection outlives the page, so rows chosen on
 * other pages stay chosen while this page's are checked, cleared or toggled one by one.
 */
import type { Key } from "react";

export type PageSelection = "all" | "some" | "none";

/** How much of the page is selected: the header checkbox's checked, indeterminate or clear state. */
export function pageSelection<T>(selected: readonly T[], page: readonly T[], key: (row: T) => Key): PageSelection {
  const chosen = new Set(selected.map(key));
  const count = page.filter((row) => chosen.has(key(row))).length;
  if (count === 0) return "none";
  return count === page.length ? "all" : "some";
}

/** The header checkbox: a wholly selected page is cleared, else its rows are added to the selection. */
export function togglePage<T>(selected: readonly T[], page: readonly T[], key: (row: T) => Key): T[] {
  const keys = new Set(page.map(key));
  if (pageSelection(selected, page, key) === "all") return selected.filter((row) => !keys.has(key(row)));
  const chosen = new Set(selected.map(key));
  return [...selected, ...page.filter((row) => !chosen.has(key(row)))];
}

/** A row's checkbox. */
export function toggleRow<T>(selected: readonly T[], row: T, key: (row: T) => Key): T[] {
  const id = key(row);
  return selected.some((r) => key(r) === id) ? selected.filter((r) => key(r) !== id) : [...selected, row];
}
