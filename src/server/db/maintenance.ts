/**
 * PGlite has no autovacuum worker (max_worker_processes = 0): without VACUUM its visibility map stays
 * empty and every index-only scan reads the table too. The embedded server vacuums at start and hourly.
 * PostgreSQL's autovacuum does this by itself.
 */
import { sql } from "kysely";
import type { Database } from "./connect.js";

const intervalMs = 60 * 60 * 1000;

export async function vacuum(database: Database): Promise<void> {
  await sql`VACUUM (ANALYZE)`.execute(database.db);
}

/** Vacuum now and every hour; returns the function that stops the timer. */
export async function maintainEmbedded(database: Database): Promise<() => void> {
  if (database.kind !== "pglite") return () => {};
  await vacuum(database);
  const timer = setInterval(() => void vacuum(database).catch(() => {}), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
