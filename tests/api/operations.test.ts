import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.js";
import { migrationFiles } from "../../src/server/db/migrate.js";
import { useApp } from "./harness.js";
import { untyped } from "../../src/server/db/connect.js";

const h = useApp();

describe("readiness", () => {
  it("is ready when every migration is applied", async () => {
    const response = await h.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ready", database: "ok", migrations: migrationFiles().length });
  });

  it("answers 503 naming a migration that is not recorded as applied", async () => {
    const last = migrationFiles().at(-1)!;
    await untyped(h.database.db).deleteFrom("schema_migrations").where("name", "=", last).execute();
    try {
      const response = await h.app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "not ready", missingMigrations: [last] });
    } finally {
      await untyped(h.database.db).insertInto("schema_migrations").values({ name: last }).execute();
    }
  });
});

describe("metrics", () => {
  it("shows the request histogram by route pattern, the pool and the queue depth", async () => {
    const headers = await h.login("admin@acme.test");
    await h.app.inject({ method: "GET", url: "/api/invoices?_start=0&_end=1", headers });
    const response = await h.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toMatch(/http_request_duration_seconds_count\{route="\/api\/invoices",method="GET",status="2xx"\} 1/);
    expect(response.body).not.toContain("_start=0");
    expect(response.body).toMatch(/db_pool_connections\{state="total"\} \d+/);
    for (const state of ["queued", "active", "failed"]) expect(response.body).toMatch(new RegExp(`job_queue_depth\\{state="${state}"\\} \\d+`));
  });

  it("refuses a caller without the token when METRICS_TOKEN is set", async () => {
    process.env.METRICS_TOKEN = "s3cret";
    try {
      expect((await h.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(403);
      expect((await h.app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer s3cret" } })).statusCode).toBe(200);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
});

describe("request ids and logs", () => {
  it("echoes a safe incoming id and replaces an unsafe one", async () => {
    const kept = await h.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(kept.headers["x-request-id"]).toBe("abc-123");
    const replaced = await h.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "bad id\" <x>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs JSON lines with the request id and without the authorization header", async () => {
    const lines: string[] = [];
    const app = await buildApp({ db: h.database.app, logger: { write: (line) => void lines.push(line) } });
    try {
      await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "trace-1", authorization: "Bearer topsecret" } });
    } finally {
      await app.close();
    }
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.some((r) => r.reqId === "trace-1")).toBe(true);
    expect(lines.join("")).not.toContain("topsecret");
  });
});
