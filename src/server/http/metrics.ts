/**
 * GET /metrics in the Prometheus text format: request durations as a histogram by route pattern, method
 * and status class (never the raw URL, so that the series stay bounded), the PostgreSQL pool's counts and
 * the job queue depth. Readable without credentials from the loopback only, or with `Authorization:
 * Bearer $METRICS_TOKEN` when that variable is set.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { poolStats, type DB } from "../db/connect.js";
import { queueDepth } from "../ops/queue-depth.js";

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  counts: number[];
  sum: number;
  count: number;
}

const label = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function allowed(request: FastifyRequest): boolean {
  const token = process.env.METRICS_TOKEN;
  if (token) return request.headers.authorization === `Bearer ${token}`;
  // request.ip: behind a trusted proxy (TRUST_PROXY) the client, not the proxy on the loopback
  return ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(request.ip);
}

export function metricsRoute(app: FastifyInstance, db: DB): void {
  const series = new Map<string, Series>();

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const key = `route="${label(route)}",method="${label(request.method)}",status="${Math.floor(reply.statusCode / 100)}xx"`;
    let entry = series.get(key);
    if (!entry) series.set(key, (entry = { counts: buckets.map(() => 0), sum: 0, count: 0 }));
    const seconds = reply.elapsedTime / 1000;
    buckets.forEach((bound, i) => {
      if (seconds <= bound) entry.counts[i]++;
    });
    entry.sum += seconds;
    entry.count++;
  });

  app.get("/metrics", async (request, reply) => {
    if (!allowed(request)) return reply.status(403).send({ error: "Forbidden", message: "Metrics are readable from the loopback or with the metrics token." });
    const lines = ["# HELP http_request_duration_seconds Request durations by route pattern, method and status class.", "# TYPE http_request_duration_seconds histogram"];
    for (const [key, entry] of series) {
      buckets.forEach((bound, i) => lines.push(`http_request_duration_seconds_bucket{${key},le="${bound}"} ${entry.counts[i]}`));
      lines.push(`http_request_duration_seconds_bucket{${key},le="+Inf"} ${entry.count}`);
      lines.push(`http_request_duration_seconds_sum{${key}} ${entry.sum}`);
      lines.push(`http_request_duration_seconds_count{${key}} ${entry.count}`);
    }
    const pool = poolStats(db);
    lines.push("# HELP db_pool_connections Database connections by state (PostgreSQL pool; PGlite is one connection).", "# TYPE db_pool_connections gauge");
    lines.push(`db_pool_connections{state="total"} ${pool.total}`, `db_pool_connections{state="idle"} ${pool.idle}`, `db_pool_connections{state="waiting"} ${pool.waiting}`);
    const depth = await queueDepth(db);
    lines.push("# HELP job_queue_depth Background jobs by state: queued (waiting or waiting to retry), active, failed.", "# TYPE job_queue_depth gauge");
    lines.push(`job_queue_depth{state="queued"} ${depth.queued}`, `job_queue_depth{state="active"} ${depth.active}`, `job_queue_depth{state="failed"} ${depth.failed}`);
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(lines.join("\n") + "\n");
  });
}
