/**
 * Resolved sessions (token + company → user, contact, company, permissions) are cached briefly: the
 * lookup is a four-table join on every request. This process forgets them on every change that
 * could alter one (revocation, writes to users, contacts or companies). Other API processes cannot
 * be told, so an entry lives `sessionTtlMs` counted from the moment its lookup *started*: a
 * revocation, deactivation, lock or role change committed by any process is honoured by every
 * process for requests arriving less than `sessionTtlMs` later — the bound docs/api.md states.
 */
import { TtlCache } from "../../cache.js";
import { onTablesWritten } from "../../db/written-tables.js";
import type { Ctx } from "../../resources/context.js";

export const sessionTtlMs = 1_000;

export type Session = Omit<Ctx, "db">;

export const sessions = new TtlCache<string, Session>(sessionTtlMs);

const sessionTables = new Set(["users", "contacts", "companies"]);

export function forgetSessions(): void {
  sessions.clear();
}

onTablesWritten((tables) => {
  if ([...tables].some((table) => sessionTables.has(table))) forgetSessions();
});
