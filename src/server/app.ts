/** The Fastify app factory: API under /api, sign-in under /oauth, the built client for everything else. */
import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";
import { resources as registry } from "../../resources/index.js";
import type { ResourceDef } from "../framework/resource.js";
import { config } from "./config.js";
import type { DB } from "./db/connect.js";
import { passesWall } from "./db/row-security.js";
import { authenticate, oauthRoutes } from "./http/auth.js";
import { fileRoutes } from "./http/files.js";
import { registerCompression, registerNoStore } from "./http/compression.js";
import { captureRoutes } from "./domain/capture/routes.js";
import { noRoute } from "./errors.js";
import { registerErrorHandler } from "./http/errors.js";
import { registerIdempotency } from "./http/idempotency.js";
import { registerInputGuard } from "./http/input.js";
import { healthRoute } from "./http/health.js";
import { metricsRoute } from "./http/metrics.js";
import { readinessRoute } from "./http/readiness.js";
import { loggerOptions, registerRequestId, requestIdOptions, type LogTarget } from "./http/request-id.js";
import { registerOpenApi } from "./http/openapi.js";
import { paymentRoutes } from "./http/payments.js";
import { positivePayRoutes } from "./http/positive-pay.js";
import { paymentRunRoutes } from "./http/payment-runs.js";
import { paymentMethodHelperRoutes } from "./http/payment-methods.js";
import { publicPunchoutPaths, punchoutRoutes } from "./http/punchout.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { userRoutes } from "./http/users.js";
import { privateLinksPrefix, publicLinkRoutes, publicLinksPrefix } from "./links/routes.js";
import { identityRoutes, publicIdentityPaths } from "./http/identity.js";
import { publicSsoPaths, ssoRoutes } from "./http/sso.js";
import { clientDir } from "./paths.js";
import { serveResources } from "./resources/query.js";
import { installModules, type ServerModule } from "./resources/modules.js";
import { resourceRoutes } from "./resources/routes.js";
import { domainSetup } from "./domain/setup.js";
import { serverModules } from "./domain/modules.js";
import { registerRateLimit, type RateLimits } from "./http/rate-limit.js";

/**
 * The built client: the brotli or gzip copy the build wrote (scripts/precompress.ts) when the browser
 * takes it; hashed files under /assets cached for good (a new build has new names), the shell
 * (index.html) revalidated on every load so a deploy shows at once.
 */
const clientFiles = {
  root: clientDir,
  wildcard: false,
  preCompressed: true,
  cacheControl: false,
  setHeaders(reply: FastifyReply, file: string) {
    const hashed = path.relative(clientDir, file).startsWith(`assets${path.sep}`);
    reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
  },
};

const publicApi = ["/api/openapi.json", "/api/docs", publicLinksPrefix, privateLinksPrefix, ...publicIdentityPaths, ...publicSsoPaths, ...publicPunchoutPaths];

export interface AppOptions {
  db: DB;
  logger?: LogTarget;
  resources?: readonly ResourceDef[];
  /** the server modules of `resources` (default: the domain's, src/server/domain/modules.ts) */
  modules?: readonly ServerModule[];
  /** the general rate limit (default: from the environment, config.ts) */
  rateLimits?: RateLimits;
}

export async function buildApp({ db, logger = false, resources = registry, modules = serverModules, rateLimits }: AppOptions): Promise<FastifyInstance> {
  // the generic engine gets the domain's behaviour here, checked (a bad module is a boot error)
  installModules(resources, domainSetup(resources, modules));
  serveResources(resources);
  if (passesWall(db)) throw new Error("buildApp serves on database.app: database.db is the owner's and passes row-level security");
  const app = Fastify({ logger: loggerOptions(logger), ...requestIdOptions, bodyLimit: 5 * 1024 * 1024, trustProxy: config.trustProxy });
  registerRequestId(app);
  registerSecurityHeaders(app);
  registerNoStore(app);
  registerErrorHandler(app);
  registerInputGuard(app);
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // counted before the request is authenticated (src/server/http/rate-limit.ts)
  await registerRateLimit(app, db, rateLimits);
  app.decorateRequest("ctx", null as never);
  app.addHook("onRequest", async (request) => {
    const url = request.url;
    if (!url.startsWith("/api/") || publicApi.some((p) => url.startsWith(p))) return;
    request.ctx = await authenticate(db, request);
  });
  // a successful write's warnings (Ctx.warnings) travel with its answer: { data, warnings }
  app.addHook("preSerialization", async (request, reply, payload) => {
    const warnings = request.ctx?.warnings;
    if (!warnings?.length || reply.statusCode >= 400 || payload === null || typeof payload !== "object" || Array.isArray(payload)) return payload;
    return { ...payload, warnings };
  });
  registerIdempotency(app, db);
  // onSend hooks run in the order added: compress after the idempotency hook has kept the plain answer
  await registerCompression(app);

  healthRoute(app, db);
  readinessRoute(app, db);
  metricsRoute(app, db);
  await registerOpenApi(app, resources);
  oauthRoutes(app, db);
  publicLinkRoutes(app, db);
  identityRoutes(app, db);
  ssoRoutes(app, db);
  userRoutes(app);
  fileRoutes(app, db);
  captureRoutes(app);
  paymentRoutes(app);
  positivePayRoutes(app);
  paymentRunRoutes(app);
  paymentMethodHelperRoutes(app);
  punchoutRoutes(app, db);
  // after every hand route: one that would shadow a generic or declared route is a boot error
  resourceRoutes(app, resources);

  const hasClient = fs.existsSync(path.join(clientDir, "index.html"));
  if (hasClient) await app.register(fastifyStatic, clientFiles);
  // the SPA: every other GET outside the API answers with the client shell
  app.setNotFoundHandler((request, reply) => {
    const api = request.url.startsWith("/api/") || request.url.startsWith("/oauth/");
    if (!hasClient || api || request.method !== "GET") throw noRoute(request.method, request.url);
    return reply.sendFile("index.html");
  });
  return app;
}
