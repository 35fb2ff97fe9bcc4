/**
 * The general request rate limit (docs/api.md "Rate limits"): every /api and /oauth request counts
 * against its client address and, when it carries one, its bearer token, per window
 * (RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_TOKEN per RATE_LIMIT_WINDOW_SECONDS; 0 switches a limit off).
 * Past a limit the answer is 429 with Retry-After (the seconds until the window ends) and the
 * request is not served. Counted in onRequest, before authentication: unknown tokens count too.
 *
 * @fastify/rate-limit does the counting; its store is the `rate_limits` table on PostgreSQL (one
 * upsert per key, so every API process shares the counters: the limit holds across processes),
 * and memory on PGlite, which is one process. (Not the plugin's own LocalStore: it hands every caller
 * the same counter object, so concurrent requests of one key all read the last count.) Sign-in has its own, stricter
 * throttle (domain/identity/sign-in-throttle.ts).
 */
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { config } from "../config.js";
import { untyped, type DB } from "../db/connect.js";
import { behindWall } from "../db/row-security.js";
import { tokenHash } from "../domain/identity/tokens.js";

export interface RateLimits {
  /** requests per window and bearer token; 0: no limit */
  perToken: number;
  /** requests per window and client address; 0: no limit */
  perAddress: number;
  windowMs: number;
}

export const defaultRateLimits = (): RateLimits => ({
  perToken: config.rateLimitPerToken, perAddress: config.rateLimitPerAddress, windowMs: config.rateLimitWindowSeconds * 1000,
});

type Incr = FastifyRateLimitStore["incr"];

/** Expired rows are removed now and then (every this many counts of a process), not on every request. */
const sweepEvery = 5_000;

/**
 * Counters in the `rate_limits` table (migration 0040): one statement per count, atomic under
 * concurrency (INSERT … ON CONFLICT DO UPDATE locks the row), a window restarting once it has ended.
 */
export function tableStore(db: DB): new () => FastifyRateLimitStore {
  let counted = 0;
  const incr = (key: string, callback: Parameters<Incr>[1], timeWindow: number): void => {
    const windowEnd = sql`now() + ${timeWindow} * interval '1 millisecond'`;
    sql<{ hits: number; ttl: string }>`insert into rate_limits as r (key, hits, window_ends_at) values (${key}, 1, ${windowEnd})
      on conflict (key) do update set
        hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
        window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
      returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::text as ttl`.execute(db)
      .then(({ rows: [row] }) => callback(null, { current: row.hits, ttl: Math.max(0, Number(row.ttl)) }), (error: Error) => callback(error));
    if (++counted % sweepEvery === 0) void untyped(db).deleteFrom("rate_limits").where("window_ends_at", "<", sql<Date>`now() - interval '1 minute'`).execute().catch(() => {});
  };
  class TableStore implements FastifyRateLimitStore {
    incr = incr as Incr;
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return TableStore;
}

/** Counters in this process's memory (PGlite: one process), each count answered with its own value. */
export function memoryStore(): new () => FastifyRateLimitStore {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  let counted = 0;
  const incr = (key: string, callback: Parameters<Incr>[1], timeWindow: number): void => {
    const now = Date.now();
    if (++counted % sweepEvery === 0) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
    let window = windows.get(key);
    if (!window || window.endsAt <= now) windows.set(key, (window = { hits: 0, endsAt: now + timeWindow }));
    window.hits += 1;
    callback(null, { current: window.hits, ttl: window.endsAt - now });
  };
  class MemoryStore implements FastifyRateLimitStore {
    incr = incr as Incr;
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return MemoryStore;
}

/** The client's bearer token, hashed (the counter's key never holds a usable token). */
function tokenKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
  return token ? `token:${tokenHash(token)}` : undefined;
}

/** Registers the limit (before the authentication hook, so that it runs first). Nothing when both limits are 0. */
export async function registerRateLimit(app: FastifyInstance, db: DB, limits: RateLimits = defaultRateLimits()): Promise<void> {
  if (limits.perAddress <= 0 && limits.perToken <= 0) return;
  await app.register(rateLimit, { global: false, store: behindWall(db) ? tableStore(db) : memoryStore() });
  const limiter = (max: number, keyGenerator: (request: FastifyRequest) => string) =>
    max > 0 ? app.createRateLimit({ max, timeWindow: limits.windowMs, keyGenerator }) : undefined;
  const byAddress = limiter(limits.perAddress, (request) => `address:${request.ip}`);
  const byToken = limiter(limits.perToken, (request) => tokenKey(request) ?? "");
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(request.url.startsWith("/api/") || request.url.startsWith("/oauth/"))) return;
    for (const [check, applies] of [[byAddress, true], [byToken, tokenKey(request) !== undefined]] as const) {
      if (!check || !applies) continue;
      const outcome = await check(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        const seconds = Math.max(1, outcome.ttlInSeconds);
        return reply.status(429).header("retry-after", String(seconds)).send({ errors: { base: [`Too many requests. Try again in ${seconds} seconds.`] } });
      }
    }
  });
}
