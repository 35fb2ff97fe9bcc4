/**
 * The OpenAPI 3 document of every registered /api (and /oauth) route, browsable at /api/docs: the
 * resource routes generated from the registry (list, show, create, update, delete, export, stats,
 * options, declared actions, the vendor portal's), the hand-registered ones from their documentation
 * (route-docs.ts). The paths are those the app registered (collected as they are), so a route
 * nobody documented shows as `x-undocumented` — which tests/api/openapi.test.ts refuses.
 */
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { portalActionPath, type ResourceDef } from "../../framework/resource.js";
import { withLines } from "../resources/lines.js";
import { actionEndpoints, bulkLimit } from "../resources/actions.js";
import { writableSchema } from "../validation.js";
import { routeDocs, type RouteDoc } from "./route-docs.js";

const errorResponse = { description: "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Errors" } } } };
const listParameters = ["_start", "_end", "_sort", "_order", "q"].map((name) => ({ name, in: "query", schema: { type: "string" } }));
const idParameter = { name: "id", in: "path", required: true, schema: { type: "integer" } };

/** OpenAPI 3.0 has no union types or custom keywords: make the draft-07 schema fit. */
function toOpenApi(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApi);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith("x-")) continue;
    // OpenAPI 3.0 wants a non-empty list
    if (key === "required" && Array.isArray(value) && value.length === 0) continue;
    if (key === "type" && Array.isArray(value)) {
      out.type = value.find((t) => t !== "null");
      if (value.includes("null")) out.nullable = true;
    } else out[key] = toOpenApi(value);
  }
  return out;
}

/** `/api/x/:id` → `/api/x/{id}` */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The operation of a hand-registered route, from its documentation. */
function handOperation(doc: RouteDoc): object {
  const pathParameters = [...doc.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: name === "id" || name === "company_id" ? "integer" : "string" } }));
  const queryParameters = Object.entries(doc.query ?? {}).map(([name, schema]) => ({ name, in: "query", schema }));
  const idempotency = doc.idempotent ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string" } }] : [];
  const responses = Object.fromEntries(Object.entries(doc.responses).map(([status, answer]) => {
    if ("contentType" in answer && typeof answer.contentType === "string") {
      const { contentType, schema, description } = answer as { contentType: string; schema?: object; description?: string };
      return [status, { description: description ?? "OK", content: { [contentType]: { schema: schema ?? { type: "string" } } } }];
    }
    return [status, { description: Number(status) < 400 ? "OK" : "Refused", content: { "application/json": { schema: answer } } }];
  }));
  return {
    tags: [doc.tag], summary: doc.summary, ...(doc.public ? { security: [] } : {}),
    parameters: [...pathParameters, ...queryParameters, ...idempotency],
    ...(doc.body ? { requestBody: { content: Object.fromEntries(Object.entries(doc.body).map(([type, schema]) => [type, { schema }])) } } : {}),
    responses,
  };
}

export function openApiDocument(resources: readonly ResourceDef[]) {
  const paths: Record<string, object> = {};
  const schemas: Record<string, unknown> = {
    Errors: { type: "object", properties: { errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } } },
  };
  for (const r of resources) {
    const ref = (suffix: string) => ({ $ref: `#/components/schemas/${r.name}${suffix}` });
    schemas[r.name] = toOpenApi({ ...(r.schema as object), required: undefined });
    schemas[`${r.name}_create`] = toOpenApi(withLines(r, writableSchema(r, "create")));
    schemas[`${r.name}_update`] = toOpenApi(withLines(r, writableSchema(r, "update")));
    const ok = (schema: object) => ({ description: "OK", content: { "application/json": { schema: { type: "object", properties: { data: schema } } } } });
    const tags = [r.name];
    const collection: Record<string, object> = {
      get: { tags, summary: `List ${r.name} (permissions: ${r.permissions.list.join(" or ")})`, parameters: listParameters,
        responses: { 200: ok({ type: "array", items: ref("") }), 400: errorResponse, 401: errorResponse, 403: errorResponse } },
    };
    if (r.permissions.create) collection.post = { tags, summary: `Create (${r.permissions.create.join(" or ")})`, requestBody: { content: { "application/json": { schema: ref("_create") } } }, responses: { 201: ok(ref("")), 422: errorResponse, 403: errorResponse } };
    const item: Record<string, object> = { get: { tags, summary: `Show (${r.permissions.show.join(" or ")})`, parameters: [idParameter], responses: { 200: ok(ref("")), 404: errorResponse } } };
    if (r.permissions.edit) item.patch = { tags, summary: `Update (${r.permissions.edit.join(" or ")})`, parameters: [idParameter], requestBody: { content: { "application/json": { schema: ref("_update") } } }, responses: { 200: ok(ref("")), 422: errorResponse, 404: errorResponse } };
    if (r.permissions.delete) item.delete = { tags, summary: `Delete (${r.permissions.delete.join(" or ")})`, parameters: [idParameter], responses: { 200: ok(ref("")), 422: errorResponse, 404: errorResponse } };
    paths[`/api/${r.name}`] = collection;
    paths[`/api/${r.name}/{id}`] = item;
    paths[`/api/${r.name}/export`] = { get: { tags, summary: `Export every row of the list as CSV or xlsx (permissions: ${r.permissions.list.join(" or ")})`,
      description: "The list's filters, search and sort; no paging. `_format` csv (default) or xlsx, `_fields` the columns (comma-separated, default all), `_name` the file's name.",
      parameters: [...listParameters, ...["_format", "_fields", "_name"].map((name) => ({ name, in: "query", schema: { type: "string" } }))],
      responses: { 200: { description: "The file, streamed", content: { "text/csv": { schema: { type: "string" } }, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: { type: "string", format: "binary" } } } }, 400: errorResponse, 401: errorResponse, 403: errorResponse, 422: errorResponse } } };
    paths[`/api/${r.name}/stats`] = { get: { tags, summary: `Aggregates of the list for dashboard widgets (permissions: ${r.permissions.list.join(" or ")})`,
      description: "`_group` a column, `month:<date column>` or `aging:<date column>`; `_sum` a money or number column; the list's filters.",
      parameters: [...["_group", "_sum", "q"].map((name) => ({ name, in: "query", schema: { type: "string" } }))],
      responses: { 200: ok({ type: "array", items: { type: "object", required: ["key", "count"], properties: { key: { type: "string", nullable: true }, count: { type: "integer" }, sum: { type: "string", nullable: true } } } }), 400: errorResponse, 403: errorResponse } } };
    const named = ["id", ...(r.nameFields ?? [r.title])];
    paths[`/api/${r.name}/options`] = { get: { tags, summary: "The rows a form may refer to, as id and name (for who may write such a form)", parameters: listParameters,
      responses: { 200: { description: "OK", content: { "application/json": { schema: { type: "object", properties: {
        data: { type: "array", items: { type: "object", properties: Object.fromEntries(named.map((f) => [f, f === "id" ? { type: "integer" } : {}])) } },
        meta: { type: "object", properties: { total: { type: "integer" } } } } } } } }, 403: errorResponse } } };
    // the vendor portal's reading (docs/portal.md): vendor-portal users only, their vendor's rows, the portal fields
    if (r.portal) {
      const portalTags = ["portal"];
      const fields = ["id", ...r.portal.fields].join(", ");
      const row = { type: "object", description: `Fields: ${fields}` };
      if (r.portal.actions.includes("list")) {
        paths[`/api/portal/${r.name}`] = { get: { tags: portalTags, summary: `List own-vendor ${r.name} (vendor portal); filters and sorts on: ${fields}`, parameters: listParameters,
          responses: { 200: ok({ type: "array", items: row }), 400: errorResponse, 401: errorResponse, 403: errorResponse } } };
      }
      if (r.portal.actions.includes("show")) {
        paths[`/api/portal/${r.name}/{id}`] = { get: { tags: portalTags, summary: `Show an own-vendor ${r.name} record (vendor portal)`, parameters: [idParameter],
          responses: { 200: ok(row), 403: errorResponse, 404: errorResponse } } };
      }
      for (const action of r.portal.recordActions ?? []) {
        const content = action.file
          ? { "multipart/form-data": { schema: { type: "object", properties: { ...((action.input ? toOpenApi(action.input) : {}) as { properties?: object }).properties, file: { type: "string", format: "binary" } } } } }
          : action.input ? { "application/json": { schema: toOpenApi(action.input) } } : undefined;
        const parameters = [...(action.collection ? [] : [idParameter]), ...(action.idempotent ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string" } }] : [])];
        const on = action.collection ? "" : action.when ? ` on an own-vendor record matching ${JSON.stringify(action.when)} (409 otherwise)` : " on an own-vendor record";
        paths[portalActionPath(r.name, action).replace(":id", "{id}")] = { post: { tags: portalTags, summary: `${action.name} (vendor portal)${on}`, parameters,
          ...(content ? { requestBody: { content } } : {}), responses: { 200: ok(row), 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse } } };
      }
    }
    // declared actions (resources/actions.ts), each with its keys, its condition and its input schema
    for (const action of actionEndpoints(r)) {
      const keys = [...new Set(action.variants.flatMap((v) => v.permission))];
      const when = action.variants.map((v) => v.when).filter(Boolean);
      const summary = `${action.name}${action.variants[0].to ? `: status → ${action.variants[0].to}` : ""} (${keys.length ? keys.join(" or ") : "the resource's show keys"})`;
      const description = when.length === action.variants.length ? `On a record matching ${when.map((w) => JSON.stringify(w)).join(" or ")} (409 otherwise).` : undefined;
      const body = action.input ? { requestBody: { content: { "application/json": { schema: toOpenApi(action.input) } } } } : {};
      const idempotency = action.idempotent ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string" } }] : [];
      if (action.kind !== "post") {
        paths[`/api/${r.name}/{id}/${action.name}`] = { get: { tags, summary, description, parameters: [idParameter], responses: { 200: action.kind === "download"
          ? { description: "The file", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }
          : ok({ type: "object", additionalProperties: true, description: "the figures shown as fields" }), 403: errorResponse, 404: errorResponse, 409: errorResponse } } };
        continue;
      }
      paths[`/api/${r.name}/{id}/${action.name}`] = { post: { tags, summary, description, parameters: [idParameter, ...idempotency], ...body,
        responses: { 200: ok(ref("")), 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse } } };
      if (!action.bulk) continue;
      const bulkSchema = { type: "object", required: ["ids"], properties: { ids: { type: "array", items: { type: "integer" }, maxItems: bulkLimit }, ...((action.input as { properties?: object } | undefined)?.properties ?? {}) } };
      const outcomes = { type: "array", items: { type: "object", properties: { id: { type: "integer" }, status: { type: "integer" }, message: { type: "string" } } } };
      paths[`/api/${r.name}/bulk/${action.name}`] = { post: { tags, summary: `${summary}, for each of ids (one transaction per row; an outcome per row)`, description, parameters: idempotency,
        requestBody: { content: { "application/json": { schema: toOpenApi(bulkSchema) } } }, responses: { 200: ok(outcomes), 403: errorResponse, 422: errorResponse } } };
    }
  }
  for (const doc of routeDocs) paths[openApiPath(doc.path)] = { ...paths[openApiPath(doc.path)], [doc.method.toLowerCase()]: handOperation(doc) };
  paths["/api/openapi.json"] = { get: { tags: ["docs"], summary: "This document (OpenAPI 3)", security: [], responses: { 200: { description: "OK", content: { "application/json": { schema: { type: "object" } } } } } } };
  return {
    openapi: "3.0.3",
    info: { title: "Outlay API", version: "1" },
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        company: { type: "apiKey", in: "header", name: "company-id" },
      },
    },
    security: [{ bearer: [], company: [] }],
    paths,
  };
}

/** A registered route the document covers: its method and path as registered. */
export interface RegisteredRoute { method: string; url: string }

const documented = (url: string) => (url.startsWith("/api/") || url.startsWith("/oauth/")) && !url.startsWith("/api/docs");

/**
 * The document's paths: every registered route, with its generated or hand-written operation; a route
 * with neither gets an `x-undocumented` operation (no schema), which the completeness test refuses.
 */
export function pathsOfRoutes(generated: Readonly<Record<string, Record<string, unknown>>>, routes: readonly RegisteredRoute[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, url } of routes) {
    const path = openApiPath(url);
    const verb = method.toLowerCase();
    const operation = generated[path]?.[verb] ?? { summary: `${method} ${url}`, "x-undocumented": true, responses: { default: { description: "Undocumented" } } };
    paths[path] = { ...paths[path], [verb]: operation };
  }
  return paths;
}

/** The routes registered on each app, as fastify announced them (HEAD twins of GETs left out). */
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] => registered.get(app) ?? [];

export async function registerOpenApi(app: FastifyInstance, resources: readonly ResourceDef[]): Promise<void> {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD" && documented(route.url)) routes.push({ method, url: route.url });
  });
  const generated = openApiDocument(resources);
  // the paths are filled once every route is registered (the same object is served)
  const document = { ...generated, paths: {} as Record<string, Record<string, unknown>> };
  app.addHook("onReady", async () => {
    document.paths = pathsOfRoutes(generated.paths as Record<string, Record<string, unknown>>, routes);
  });
  await app.register(swagger, { mode: "static", specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", async () => document);
}
