/**
 * The general rate limit (src/server/http/rate-limit.ts), lowered for the test: past it every request
 * is answered 429 with Retry-After. On PostgreSQL two app instances, each with its own connection pool
 * to one database, share the counters: the limit holds for the token across both, under concurrency.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.js";
import { connect, type Database } from "../../src/server/db/connect.js";
import type { RateLimits } from "../../src/server/http/rate-limit.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import { admin, databaseUrl, templateDatabase, templateFile, usePostgres } from "./template.js";

const limits: RateLimits = { perToken: 30, perAddress: 400, windowMs: 60_000 };
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
let name = "";

beforeAll(async () => {
  if (usePostgres) {
    name = `outlay_test_${crypto.randomBytes(4).toString("hex")}`;
    await admin(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
    // two instances as two processes would be: each its own pool on the one database
    for (let i = 0; i < 2; i++) databases.push(await connect({ databaseUrl: databaseUrl(name), poolSize: 5 }));
  } else {
    databases.push(await connect({ loadDataDir: new Blob([fs.readFileSync(templateFile)]) }));
  }
  for (const database of databases) apps.push(await buildApp({ db: database.app, rateLimits: limits }));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  if (name) await admin(`DROP DATABASE IF EXISTS ${name}`);
});

async function token(email: string): Promise<string> {
  const response = await apps[0].inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: demoPassword } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().access_token as string;
}

/** `n` concurrent GETs with `bearer`, spread over the instances in turn. */
const burst = (n: number, bearer: string, offset = 0) => Promise.all(Array.from({ length: n }, (_, i) =>
  apps[(i + offset) % apps.length].inject({ url: "/api/users/current", headers: { authorization: `Bearer ${bearer}` } })));

describe("the general rate limit", () => {
  it("20 concurrent requests past the token's limit get 429 with Retry-After, on every instance", async () => {
    const bearer = await token("ap@acme.test");
    const within = await burst(limits.perToken, bearer);
    expect(within.map((r) => r.statusCode)).toEqual(Array(limits.perToken).fill(200));
    const past = await burst(20, bearer, 1);
    expect(past.map((r) => r.statusCode)).toEqual(Array(20).fill(429));
    for (const response of past) {
      const seconds = Number(response.headers["retry-after"]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(response.json().errors.base[0]).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    }
    if (apps.length === 2) expect(new Set(past.map((_, i) => (i + 1) % 2))).toEqual(new Set([0, 1]));
    // another token of the same address is not held back by this one's limit
    const other = await token("approver@acme.test");
    expect((await burst(2, other)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it("counts exactly under concurrency: of 50 requests at once over the instances, the limit's 30 are served", async () => {
    const bearer = await token("admin@acme.test");
    const responses = await burst(50, bearer);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limits.perToken);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - limits.perToken);
  });

  it("the address limit holds over all tokens and unknown ones, sign-in included", async () => {
    const used = 30 + 20 + 2 + 50 + 3; // the requests of this address so far, sign-ins included
    const unknown = await Promise.all(Array.from({ length: limits.perAddress - used }, (_, i) =>
      apps[i % apps.length].inject({ url: "/api/users/current", headers: { authorization: `Bearer unknown-${i}` } })));
    expect(unknown.every((r) => r.statusCode === 401)).toBe(true);
    const signIn = await apps[apps.length - 1].inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: "staff@acme.test", password: demoPassword } });
    expect(signIn.statusCode).toBe(429);
    expect(Number(signIn.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // what is not the API (the client's files) is not counted
    expect((await apps[0].inject({ url: "/healthz" })).statusCode).not.toBe(429);
  });
});
