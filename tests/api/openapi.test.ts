/**
 * OpenAPI completeness (issue 29): /api/openapi.json is a valid OpenAPI 3 document, holds every route
 * the app registered under /api and /oauth (read from fastify's own route tree, not from the
 * document's collector), and each operation names its request body's schema and its answers' schemas.
 * The hand-written documentation (route-docs.ts) names no route the app does not have.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiPath } from "../../src/server/http/openapi.js";
import { routeDocs } from "../../src/server/http/route-docs.js";
import { useApp } from "./harness.js";

const h = useApp();

interface Operation {
  "x-undocumented"?: boolean;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** "METHOD /path" of every route in fastify's printed route tree (HEAD twins left out). */
function routeList(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line.replace(/\u00a0/g, " "));
    if (!match) continue;
    stack.length = match[1].length / 4;
    stack.push(match[2]);
    const path = stack.join("").replace(/\/{2,}/g, "/");
    if (match[3]) for (const method of match[3].split(", ")) if (method !== "HEAD") routes.push(`${method} ${path.startsWith("/") ? path : `/${path}`}`);
  }
  return routes;
}

async function documentOf() {
  const answer = await h.app.inject({ url: "/api/openapi.json" });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
}

describe("/api/openapi.json", () => {
  it("validates as an OpenAPI 3 document", async () => {
    const document = await documentOf();
    expect(document.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("holds every registered /api and /oauth route, each with its schemas", async () => {
    const document = await documentOf();
    const registered = routeList(h.app.printRoutes({ commonPrefix: false }))
      .filter((route) => {
        const url = route.split(" ")[1];
        return (url.startsWith("/api/") || url.startsWith("/oauth/")) && !url.startsWith("/api/docs");
      });
    expect(registered.length).toBeGreaterThan(500);
    const missing: string[] = [];
    const undocumented: string[] = [];
    const withoutAnswerSchema: string[] = [];
    const withoutBodySchema: string[] = [];
    for (const route of registered) {
      const [method, url] = route.split(" ");
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) { missing.push(route); continue; }
      if (operation["x-undocumented"]) undocumented.push(route);
      const answers = Object.entries(operation.responses ?? {});
      const success = answers.filter(([status]) => /^[23]\d\d$/.test(status));
      if (!success.length || success.some(([, answer]) => !Object.values(answer.content ?? {}).some((c) => c.schema !== undefined))) withoutAnswerSchema.push(route);
      if (operation.requestBody && !Object.values(operation.requestBody.content ?? {}).every((c) => c.schema !== undefined)) withoutBodySchema.push(route);
    }
    expect(missing, "registered routes missing from the document").toEqual([]);
    expect(undocumented, "routes neither generated nor in route-docs.ts").toEqual([]);
    expect(withoutAnswerSchema, "routes without a schema of their answer").toEqual([]);
    expect(withoutBodySchema, "request bodies without a schema").toEqual([]);
  });

  it("documents every hand route with a body that takes one, and names no route the app lacks", async () => {
    const registered = new Set(routeList(h.app.printRoutes({ commonPrefix: false })));
    for (const doc of routeDocs) {
      expect(registered.has(`${doc.method} ${doc.path}`), `${doc.method} ${doc.path} is documented but not registered`).toBe(true);
      if (doc.method === "POST" && doc.path !== "/api/users/switch_company/:company_id") expect(doc.body, `${doc.path} takes a body`).toBeDefined();
    }
    const document = await documentOf();
    // the money-moving hand routes, with their request schemas and Idempotency-Key
    for (const path of ["/api/payment_runs", "/api/nacha_payments/returns"]) {
      const post = document.paths[path].post as Operation & { parameters: { name: string }[] };
      expect(post.requestBody?.content).toBeDefined();
      expect(post.parameters.map((p) => p.name)).toContain("Idempotency-Key");
    }
    expect(Object.keys(document.paths["/api/payment_runs/preview"].post.requestBody!.content!)).toEqual(["application/json"]);
    expect(document.paths["/api/invoices/stats"].get.responses!["200"].content!["application/json"].schema).toBeDefined();
    expect(document.paths["/api/vendors/options"].get).toBeDefined();
  });

  it("answers /stats as its documented schema says (key, count, sum)", async () => {
    const admin = await h.login("admin@acme.test");
    const answer = await h.app.inject({ url: "/api/invoices/stats?_group=status&_sum=amount", headers: admin });
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().data as { key: unknown; count: unknown; sum: unknown }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(["count", "key", "sum"]);
      expect(typeof row.count).toBe("number");
    }
  });
});
