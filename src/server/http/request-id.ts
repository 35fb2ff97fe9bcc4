/** Request ids: an incoming x-request-id is kept when it looks safe, else one is generated; echoed on every response. */
import crypto from "node:crypto";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { IncomingMessage } from "node:http";

const safe = /^[A-Za-z0-9._:-]{1,128}$/;

export const requestIdOptions: Pick<FastifyServerOptions, "requestIdHeader" | "genReqId"> = {
  requestIdHeader: false,
  genReqId(raw: IncomingMessage) {
    const incoming = raw.headers["x-request-id"];
    return typeof incoming === "string" && safe.test(incoming) ? incoming : crypto.randomUUID();
  },
};

export function registerRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
}

/** Where log lines go: true = stdout, a stream (tests capture it), false = nowhere. */
export type LogTarget = boolean | { write(line: string): void };

/** pino options: JSON lines at LOG_LEVEL (default info), credentials redacted. */
export function loggerOptions(target: LogTarget) {
  if (!target) return false;
  return {
    level: process.env.LOG_LEVEL ?? "info",
    redact: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token", "*.access_token", "*.refresh_token"],
    ...(target === true ? {} : { stream: target }),
  };
}
