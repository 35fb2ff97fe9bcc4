/** GET /readyz: ready only when the database answers and every migration file of migrations/ is recorded as applied. */
import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import type { DB } from "../db/connect.js";
import { migrationFiles } from "../db/migrate.js";
import { migrationsDir } from "../paths.js";

export function readinessRoute(app: FastifyInstance, db: DB, dir = migrationsDir): void {
  app.get("/readyz", async (request, reply) => {
    let applied: Set<string>;
    try {
      const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
      applied = new Set(rows.rows.map((r) => r.name));
    } catch (error) {
      request.log.error(error);
      return reply.status(503).send({ status: "unavailable", database: "unreachable or not migrated" });
    }
    const missing = migrationFiles(dir).filter((file) => !applied.has(file));
    if (missing.length > 0) return reply.status(503).send({ status: "not ready", database: "ok", missingMigrations: missing });
    return { status: "ready", database: "ok", migrations: applied.size };
  });
}
