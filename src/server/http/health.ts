/** GET /healthz for load balancers and monitors: JSON, no sign-in, and the database answers a trivial query. */
import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import type { DB } from "../db/connect.js";

export function healthRoute(app: FastifyInstance, db: DB): void {
  app.get("/healthz", async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: "ok" };
    } catch (error) {
      request.log.error(error);
      return reply.status(503).send({ status: "unavailable" });
    }
  });
}
