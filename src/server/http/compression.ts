/**
 * API answers over the wire: JSON (and CSV) of 1 KB or more compressed by the client's
 * Accept-Encoding, brotli before gzip (@fastify/compress, brotli at quality 4: a 100-row list page
 * of ~150 KB in a few milliseconds); smaller answers go as they are, as compressing them costs more
 * than it saves. The built client's files are compressed at build time (@fastify/static serves those
 * copies; the plugin leaves an answer that already has a Content-Encoding alone).
 *
 * API and sign-in answers carry `Cache-Control: no-store`: they hold financial data and tokens, and
 * no browser cache or proxy may keep them (a route may still set its own, e.g. attachments).
 */
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

export const compressionThreshold = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: compressionThreshold, encodings: ["br", "gzip"] });
}

export function registerNoStore(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    if (request.url.startsWith("/api/") || request.url.startsWith("/oauth/")) reply.header("cache-control", "no-store");
    done();
  });
}
