/** Starting the job runner of a test's database (tests/api/harness.ts): pg-boss on PostgreSQL, in-process on PGlite. */
import { sql } from "kysely";
import type { Database } from "../../src/server/db/connect.js";
import { startJobs, type StartOptions } from "../../src/server/jobs/start.js";
import { databaseUrl, usePostgres } from "../api/template.js";

/** The runner as a server process starts it, polling fast, with a recurring-invoice schedule that never comes unless given. */
export async function startTestJobs(database: Database, options: StartOptions = {}) {
  const name = usePostgres ? (await sql<{ name: string }>`select current_database() as name`.execute(database.db)).rows[0]!.name : undefined;
  return startJobs(database, {
    databaseUrl: name ? databaseUrl(name) : undefined, pollSeconds: 0.5, mail: false, recurringCron: "0 0 1 1 *", ...options,
  });
}
