/**
 * After a commit that wrote these tables, the caches that depend on them forget them: the list
 * caches and counts (query.ts `tableChanged`) and, for users, contacts and companies, the resolved
 * sessions (http/sessions.ts `tableWritten`). Every write path calls this after its transaction.
 */
import { tableWritten } from "../http/sessions.js";
import { tableChanged } from "./query.js";

export function tablesWritten(...tables: readonly string[]): void {
  for (const table of new Set(tables)) {
    tableChanged(table);
    tableWritten(table);
  }
}
