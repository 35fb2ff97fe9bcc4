/** Applies the pending SQL files of migrations/ in name order, each in its own transaction. */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { migrationsDir } from "../paths.js";
import type { AnyDB } from "./connect.js";

export function migrationFiles(dir = migrationsDir): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();
}

export async function migrate(db: AnyDB, dir = migrationsDir): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied: string[] = [];
  for (const file of migrationFiles(dir)) {
    const done = await db.transaction().execute(async (trx) => {
      // serialise concurrent starters on PostgreSQL; harmless on PGlite
      await sql`SELECT pg_advisory_xact_lock(4242)`.execute(trx);
      const seen = await trx.selectFrom("schema_migrations").select("name").where("name", "=", file).executeTakeFirst();
      if (seen) return false;
      await sql.raw(fs.readFileSync(path.join(dir, file), "utf8")).execute(trx);
      await trx.insertInto("schema_migrations").values({ name: file }).execute();
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
