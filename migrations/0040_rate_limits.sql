-- Hand-written: the general request rate limit's counters (src/server/http/rate-limit.ts), shared by every
-- API process on PostgreSQL. One row per key (a token's hash or a client address) and window. UNLOGGED:
-- counters need no crash safety and are written on every request; a crash merely restarts the windows.
-- Not a tenant table (no company_id): keys span companies, like sign_in_throttles.

CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limits" (
  "key" text PRIMARY KEY,
  "hits" integer NOT NULL,
  "window_ends_at" timestamptz NOT NULL
);
