/** A file download: the browser saves it under its name; never cached (documents and bank files are private). */
import type { FastifyReply } from "fastify";

export function sendAttachment(reply: FastifyReply, type: string, name: string, content: string | Buffer): FastifyReply {
  return reply.header("content-type", type)
    .header("content-disposition", `attachment; filename="${name.replace(/["\\\r\n]/g, "_")}"`)
    .header("cache-control", "private, no-store")
    .send(content);
}
