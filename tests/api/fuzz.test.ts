/**
 * Malformed input never breaks the server: every write endpoint and every list endpoint the app
 * registers (read from the router, so a new route is fuzzed without touching this file) gets at
 * least 100 malformed requests from a seeded generator: NUL bytes, unpaired surrogates, integers
 * beyond 32 bits, negative and malformed ids, wrong types, 10,000 levels of nesting, 1 MB strings,
 * 60,000-item arrays, impossible dates, unknown fields, bodies that are not objects or not JSON;
 * list queries with bad paging, sorting and filters. No answer is a 5xx, and a request the server
 * refuses writes nothing: every table's row count and latest updated_at are the same afterwards.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../resources/index.js";
import type { ResourceDef } from "../../src/framework/resource.js";
import { baseType, isWritable, propertiesOf, type Property } from "../../src/framework/schema.js";
import { inputErrorMessage } from "../../src/server/errors.js";
import { useApp } from "./harness.js";

const h = useApp();
const casesPerEndpoint = 100;

interface Route { method: string; url: string }

/** The router's own list of routes (`printRoutes` draws a tree; each line adds a segment to its parent's). */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) routes.push({ method, url: stack.join("") });
  }
  return routes;
}

/** mulberry32: the same cases on every run */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)], int: (n: number) => Math.floor(next() * n) };
}
type Random = ReturnType<typeof seeded>;

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const megabyte = "x".repeat(1024 * 1024);
const longArray = JSON.stringify(Array.from({ length: 60_000 }, (_, i) => i));

function fieldsOf(resource: ResourceDef | undefined) {
  const by = (test: (p: Property) => boolean) => Object.entries(resource ? propertiesOf(resource) : {})
    .filter(([name, p]) => (isWritable(resource!, name, p, "create") || isWritable(resource!, name, p, "update")) && test(p)).map(([name]) => name);
  const fallback = (names: string[], generic: string) => (names.length ? names : [generic]);
  return {
    integer: fallback(by((p) => baseType(p) === "integer"), "vendor_id"),
    date: fallback(by((p) => p.format === "date" || p.format === "date-time"), "date"),
    text: fallback(by((p) => baseType(p) === "string" && !p.format && !p.enum), "name"),
    any: fallback(by(() => true), "name"),
  };
}

interface Case { options: InjectOptions; refused: boolean }

/**
 * A malformed body. `hard` bodies are refused whatever the endpoint (the input guard: NUL,
 * surrogates, depth, array length, JSON syntax); the others are refused by the resource's schema
 * on the generic routes, and must still answer below 500 anywhere.
 */
function body(random: Random, resource: ResourceDef | undefined): { payload: string; contentType?: string; hard: boolean; schema: boolean } {
  const f = fieldsOf(resource);
  const one = (field: string, value: unknown) => JSON.stringify({ [field]: value });
  const cases: (() => { payload: string; contentType?: string; hard: boolean; schema: boolean })[] = [
    () => ({ payload: one(random.pick(f.text), `a\u0000b`), hard: true, schema: true }),
    () => ({ payload: one(random.pick(f.any), "\u0000"), hard: true, schema: true }),
    () => ({ payload: `{"${random.pick(f.text)}":"\\ud800x"}`, hard: true, schema: true }),
    () => ({ payload: `{"\\udfff":1}`, hard: true, schema: true }),
    () => ({ payload: JSON.stringify({ items: [{ name: "ok\u0000" }] }), hard: true, schema: true }),
    () => ({ payload: deep(10_000), hard: true, schema: true }),
    () => ({ payload: deepArray(10_000), hard: true, schema: true }),
    () => ({ payload: `{"${random.pick(f.any)}":${longArray}}`, hard: true, schema: true }),
    () => ({ payload: "{not json", hard: true, schema: true }),
    () => ({ payload: '{"a":1', hard: true, schema: true }),
    () => ({ payload: "\u0000", hard: true, schema: true }),
    () => ({ payload: one(random.pick(f.integer), random.pick([2 ** 31, 2 ** 53, 1e20, 99999999999, -(2 ** 31) - 1])), hard: false, schema: true }),
    () => ({ payload: one(random.pick(f.integer), random.pick(["99999999999", "-99999999999", "1e400"])), hard: false, schema: true }),
    () => ({ payload: one(random.pick(f.integer), random.pick([-1, -99999, 0])), hard: false, schema: false }),
    () => ({ payload: one(random.pick(f.date), random.pick(["2026-02-30", "2026-13-01", "0000-00-00", "2026-02-29T25:61:00Z", "tomorrow"])), hard: false, schema: true }),
    () => ({ payload: one(random.pick(f.text), megabyte), hard: false, schema: true }),
    () => ({ payload: one(random.pick(f.any), { nested: { deeper: [1, 2, { x: "y" }] } }), hard: false, schema: false }),
    () => ({ payload: one(random.pick(f.any), [[1], [2]]), hard: false, schema: false }),
    () => ({ payload: one(`zz_unknown_${random.int(1000)}`, 1), hard: false, schema: true }),
    () => ({ payload: random.pick(["null", "[]", "[{}]", "42", '"text"', "true", "{}"]), hard: false, schema: false }),
    () => ({ payload: random.pick(["", " "]), hard: false, schema: false }),
    () => ({ payload: "a=%00&b=1", contentType: "application/x-www-form-urlencoded", hard: true, schema: true }),
    () => ({ payload: "plain text", contentType: "text/plain", hard: false, schema: false }),
  ];
  return random.pick(cases)();
}

const badIds = ["99999999999", "2147483648", "-1", "0", "abc", "1e3", "1.5", "%00", "%ED%A0%80", "%F0%9F%92%A9"];

/** A malformed list query for a resource's columns. */
function listQuery(random: Random, resource: ResourceDef | undefined): string {
  const f = fieldsOf(resource);
  const cases: (() => string)[] = [
    () => `_start=${random.pick(["-1", "abc", "99999999999999", "1e20", "%00"])}`,
    () => `_end=${random.pick(["-5", "1e20", "99999999999", "x"])}&_start=0`,
    () => `_start=1&_start=2`,
    () => `_sort=${random.pick(["nope", "%00", "id%ED%A0%80", "vendor.name,zz"])}`,
    () => `_sort=id&_order=${random.pick(["sideways", "%00", "asc,desc,up"])}`,
    () => `${random.pick(f.text)}_like=${random.pick(["%25", "_", "%5C", "%00", "%25%00%25", "%ED%A0%80", "a%5C%25_b"])}`,
    () => `${random.pick(f.integer)}=${random.pick(["99999999999", "-99999999999", "2147483648", "abc", "1.5", "%00"])}`,
    () => `id=${random.pick(["99999999999", "-1", "0x10"])}`,
    () => `${random.pick(f.integer)}_gte=${random.pick(["99999999999", "1e999"])}`,
    () => `${random.pick(f.date)}_gte=${random.pick(["2026-02-30", "2026-13-01", "not-a-date", "99999-01-01", "%00"])}`,
    () => `${random.pick(f.date)}=${random.pick(["2026-02-29", "2026-04-31"])}`,
    () => `${random.pick(f.any)}=${random.pick(["%00", "%ED%B0%80", "x"])}`,
    () => `${random.pick(f.any)}_null=${random.pick(["maybe", "%00"])}`,
    () => `${random.pick(f.any)}_ne=${random.pick(["99999999999", "2026-02-30", "%00"])}`,
    () => `zz_unknown=${random.int(100)}`,
    () => `q=${random.pick(["%00", "%25_%5C", "%ED%A0%80", "x".repeat(100_000)])}`,
    () => `amount_gte=${random.pick(["1e999", "NaN", "99999999999999999999999.999"])}`,
  ];
  return random.pick(cases)();
}

describe("fuzz: malformed bodies and queries", () => {
  let headers: Record<string, string>;
  let routes: Route[];
  const ids = new Map<string, string>();
  let tables: { name: string; updated: boolean }[];

  beforeAll(async () => {
    headers = await h.login("admin@acme.test");
    routes = routesOf(h.app);
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'id'
         or table_schema = current_schema() and column_name = 'updated_at'`.execute(h.database.db);
    const byTable = new Map<string, Set<string>>();
    for (const c of columns.rows) (byTable.get(c.table_name) ?? byTable.set(c.table_name, new Set()).get(c.table_name)!).add(c.column_name);
    tables = [...byTable].filter(([, cols]) => cols.has("id")).map(([name, cols]) => ({ name, updated: cols.has("updated_at") })).sort((a, b) => a.name.localeCompare(b.name));
  });

  /** Every table's row count and latest change, in one statement. */
  async function snapshot(): Promise<string> {
    const parts = tables.map((t) => sql`select ${t.name} as t, count(*)::text as n, ${t.updated ? sql`max(updated_at)::text` : sql`''`} as u from ${sql.table(t.name)}`);
    const result = await sql<{ t: string; n: string; u: string | null }>`${sql.join(parts, sql` union all `)}`.execute(h.database.db);
    return result.rows.map((r) => `${r.t}:${r.n}:${r.u ?? ""}`).sort().join("\n");
  }

  async function realId(collection: string): Promise<string> {
    if (!ids.has(collection)) {
      const list = await h.app.inject({ url: `${collection}?_end=1`, headers });
      ids.set(collection, String(list.statusCode === 200 ? (list.json().data?.[0]?.id ?? 1) : 1));
    }
    return ids.get(collection)!;
  }

  const resourceOf = (url: string) => resourceByName.get(url.split("/")[2] ?? "");
  const isApi = (r: Route) => (r.url.startsWith("/api/") || r.url.startsWith("/oauth/")) && !r.url.startsWith("/api/docs") && !r.url.includes("*");

  /** Send the cases; with `unchanged`, no table may differ afterwards. */
  async function run(cases: Case[], label: string, unchanged: boolean): Promise<void> {
    const before = unchanged ? await snapshot() : "";
    const failures: string[] = [];
    for (const { options, refused } of cases) {
      const response = await h.app.inject({ ...options, headers: { ...headers, ...(options.headers as Record<string, string>) } });
      const what = `${String(options.method)} ${String(options.url).slice(0, 200)} ${String(options.payload ?? "").slice(0, 80)}`;
      if (response.statusCode >= 500) failures.push(`${response.statusCode} ${what}: ${response.body.slice(0, 200)}`);
      // the error handler's last line of defence (a driver error caused by input) must not be needed: validation comes first
      else if (response.body.includes(inputErrorMessage)) failures.push(`database refused ${what}`);
      else if (refused && response.statusCode < 400) failures.push(`accepted ${response.statusCode} ${what}`);
    }
    expect(failures, label).toEqual([]);
    if (unchanged) expect(await snapshot(), `${label}: a refused request wrote`).toBe(before);
  }

  // each endpoint's cases one after another: minutes on a shared 2-core machine, hence the long timeouts
  it("write endpoints: no 5xx, refused requests write nothing", async () => {
    const random = seeded(9);
    const writes = routes.filter((r) => isApi(r) && ["POST", "PATCH", "PUT", "DELETE"].includes(r.method));
    expect(writes.length).toBeGreaterThan(60);
    for (const route of writes) {
      const resource = resourceOf(route.url);
      const generic = resource !== undefined && /^\/api\/[a-z_]+(\/:id)?$/.test(route.url) && ["POST", "PATCH"].includes(route.method);
      const hasId = route.url.includes(":");
      const refusedCases: Case[] = [];
      const otherCases: Case[] = [];
      for (let i = 0; i < casesPerEndpoint; i++) {
        const b = body(random, resource);
        const badId = hasId && (route.method === "DELETE" || random.int(2) === 0);
        const id = badId ? random.pick(badIds) : await realId(route.url.split("/:")[0]);
        const url = route.url.replace(/:[a-z_]+/g, id);
        const options: InjectOptions = { method: route.method as InjectOptions["method"], url, payload: b.payload, headers: { "content-type": b.contentType ?? "application/json" } };
        if (b.hard || badId || (generic && b.schema)) refusedCases.push({ options, refused: true });
        else otherCases.push({ options, refused: false });
      }
      await run(refusedCases, `${route.method} ${route.url} (refused)`, true);
      await run(otherCases, `${route.method} ${route.url}`, false);
    }
  }, 480_000);

  it("list endpoints: no 5xx, no writes", async () => {
    const random = seeded(10);
    // not lists: the public sign-in steps (confirmation, single sign-on start) count their attempts, a write by design
    const notLists = ["/api/openapi.json", "/api/users/current", "/api/users/signup", "/api/users/confirmation", "/api/sso/start", "/api/punchout/generate_url"];
    const lists = routes.filter((r) => isApi(r) && r.method === "GET" && !r.url.includes(":") && !notLists.includes(r.url));
    expect(lists.length).toBeGreaterThan(60);
    for (const route of lists) {
      const resource = resourceOf(route.url);
      const cases = Array.from({ length: casesPerEndpoint }, () => ({ options: { method: "GET" as const, url: `${route.url}?${listQuery(random, resource)}` }, refused: false }));
      await run(cases, `GET ${route.url}`, true);
    }
  }, 480_000);

  it("a JSON shape no endpoint needs is refused with 422 per field before any handler runs", async () => {
    const post = (payload: string) => h.app.inject({ method: "POST", url: "/api/vendors", headers: { ...headers, "content-type": "application/json" }, payload });
    const nul = await post(JSON.stringify({ name: "Acme\u0000", notes: "fine" }));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ name: ["must not contain NUL characters or unpaired surrogates"] });
    expect((await post('{"name":"\\ud800"}')).json().errors.name).toBeDefined();
    const nested = await post(deep(10_000));
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({ a: ["is nested too deeply (at most 32 levels)"] });
    expect((await post(`{"ids":${longArray}}`)).json().errors.ids[0]).toMatch(/too many items/);
    const big = await post(JSON.stringify({ name: "x".repeat(6 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
  });

  it("integers, dates and lengths the columns cannot hold are 422 per field; query values are checked by column type", async () => {
    const vendors = await h.app.inject({ method: "POST", url: "/api/vendors", headers, payload: { name: "x".repeat(200_000), term_id: 2 ** 31 } });
    expect(vendors.statusCode).toBe(422);
    expect(vendors.json().errors.name[0]).toMatch(/too long/);
    const query = async (q: string) => h.app.inject({ url: `/api/invoices?${q}`, headers });
    const id = await query("vendor_id=99999999999");
    expect(id.statusCode).toBe(422);
    expect(id.json().errors).toEqual({ vendor_id: ["must be between -2147483648 and 2147483647"] });
    expect((await query("date_gte=2026-02-30")).json().errors).toEqual({ date: ["must be a date (YYYY-MM-DD)"] });
    expect((await query("date_gte=2024-02-29")).statusCode).toBe(200);
    expect((await query("number_like=%00")).statusCode).toBe(422);
    // like patterns are literal: % and _ match only themselves
    const like = await query("number_like=%25_");
    expect(like.statusCode).toBe(200);
    expect(like.json().data).toEqual([]);
    expect((await h.app.inject({ url: "/api/invoices/99999999999", headers })).statusCode).toBe(404);
  });
});
