/**
 * Idempotency-Key for money-moving POSTs, declared per route: `app.post(url, { config: { idempotent:
 * true } }, handler)`. docs/api.md "Idempotency" is the contract:
 * - the key is optional; sent, it names one intent of one user: its row in idempotency_keys is unique
 *   per company, user and key, and stores the endpoint (method + route pattern) and a hash of the
 *   request (path parameters, query and body);
 * - the first request inserts that row (the unique index lets exactly one of concurrent requests
 *   do so) and runs; its answer (status and body) is stored when it is sent — a 5xx deletes the row,
 *   so that a retry may run again (nothing was committed);
 * - a repeat gets the stored answer (header `Idempotent-Replayed: true`) without running; the same key
 *   with another endpoint, parameters or body is refused (422); a repeat while the first is still
 *   running waits for it in this process, or is answered 409 when another process runs it.
 * A process that dies after the effect committed but before the answer was stored leaves the key
 * answering 409 for good: the effect happened once, and the client reads the record to learn it.
 */
import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DB } from "../db/connect.js";
import { forCompany } from "../db/row-security.js";
import type { Row } from "../resources/context.js";
import { conflict, unprocessable } from "../errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** the route accepts an Idempotency-Key (this file) */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** the idempotency_keys row this request claimed, answered when the reply is sent */
    idempotencyClaim?: { id: number; done: () => void };
  }
}

const header = "idempotency-key";
const maxKeyLength = 200;
/** the requests of this process still running, by company, user and key: a repeat waits for the first */
const running = new Map<string, Promise<void>>();

/** JSON with object keys sorted: the same body in another key order hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object" && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Row)[k])]));
  }
  return value;
}

const hashOf = (request: FastifyRequest) =>
  crypto.createHash("sha256").update(JSON.stringify(canonical({ params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? null }))).digest("hex");

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[header];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key.trim() || key.length > maxKeyLength || !/^[\x21-\x7e]+$/.test(key)) {
    throw unprocessable({ "Idempotency-Key": [`must be 1 to ${maxKeyLength} visible ASCII characters`] });
  }
  return key;
}

/** Claim the key for this request, or answer it from the key's first request (then true). */
async function claim(db: DB, request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> {
  const { company, user } = request.ctx;
  const endpoint = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestHash = hashOf(request);
  const local = `${company.id}:${user.id}:${key}`;
  for (;;) {
    const inserted = await db.insertInto("idempotency_keys").values({ company_id: company.id, user_id: user.id, key, endpoint, request_hash: requestHash })
      .onConflict((oc) => oc.columns(["company_id", "user_id", "key"]).doNothing()).returning("id").executeTakeFirst();
    if (inserted) {
      let done!: () => void;
      running.set(local, new Promise<void>((resolve) => (done = resolve)));
      request.idempotencyClaim = { id: inserted.id, done: () => { running.delete(local); done(); } };
      return false;
    }
    const stored = await db.selectFrom("idempotency_keys").select(["endpoint", "request_hash", "status_code", "response"])
      .where("company_id", "=", company.id).where("user_id", "=", user.id).where("key", "=", key).executeTakeFirst();
    if (!stored) continue; // its first request failed (5xx) and gave the key back: run as the first
    if (stored.endpoint !== endpoint || stored.request_hash !== requestHash) {
      throw unprocessable({ "Idempotency-Key": ["was already used for a different request: send a new key for a new request"] });
    }
    if (stored.status_code != null) {
      await reply.status(stored.status_code).header("idempotent-replayed", "true").type("application/json; charset=utf-8").send(stored.response);
      return true;
    }
    const first = running.get(local);
    if (!first) throw conflict("A request with this Idempotency-Key is still being answered: retry it in a moment.");
    await first;
  }
}

/** Store the answer of a claimed request (or give the key back after a 5xx), then release the requests waiting on it. */
async function answer(db: DB, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const claimed = request.idempotencyClaim;
  if (!claimed) return;
  request.idempotencyClaim = undefined;
  try {
    if (reply.statusCode >= 500) {
      await db.deleteFrom("idempotency_keys").where("id", "=", claimed.id).execute();
    } else {
      const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
      await db.updateTable("idempotency_keys").set({ status_code: reply.statusCode, response: body, updated_at: new Date() })
        .where("id", "=", claimed.id).execute();
    }
  } finally {
    claimed.done();
  }
}

/** The hooks that serve `config.idempotent` routes; after authentication (they need request.ctx). */
export function registerIdempotency(app: FastifyInstance, db: DB): void {
  app.addHook("preHandler", async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = keyOf(request);
    if (key !== undefined && (await claim(forCompany(db, request.ctx.company.id), request, reply, key))) return reply;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.idempotencyClaim) await answer(forCompany(db, request.ctx.company.id), request, reply, payload);
    return payload;
  });
}
