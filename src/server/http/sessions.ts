/**
 * Resolved sessions (token + company → user, contact, company, permissions) are cached for a few
 * seconds: the lookup is a four-table join on every request. This process forgets them on every
 * change that could alter one (revocation, lockout, writes to users, contacts or companies); other
 * API processes see such a change within `sessionTtlMs`.
 */
import { TtlCache } from "../cache.js";
import type { Ctx } from "../resources/context.js";

export const sessionTtlMs = 5_000;

export type Session = Omit<Ctx, "db">;

export const sessions = new TtlCache<string, Session>(sessionTtlMs);

const sessionTables = new Set(["users", "contacts", "companies"]);

export function forgetSessions(): void {
  sessions.clear();
}

/** After a write to `table`: sessions depend on users, contacts and companies. */
export function tableWritten(table: string): void {
  if (sessionTables.has(table)) forgetSessions();
}
