/**
 * Every file download goes through `sendAttachment`: the browser saves it (never renders it inline)
 * under its name, it is never cached (documents and bank files are private), and its content type is
 * the one its bytes prove, not the one an uploader claimed: an HTML page uploaded as `invoice.pdf`
 * leaves as application/octet-stream (and nosniff, set for every response, keeps the browser from guessing).
 */
import type { FastifyReply } from "fastify";
import { hasKind, kindOfType } from "../files/kinds.js";

/** The type to serve `content` as: the declared one when the bytes are of that kind, else application/octet-stream. */
export function checkedType(declared: string, content: string | Buffer): string {
  const base = declared.split(";")[0].trim().toLowerCase();
  const kind = kindOfType[base];
  if (!kind || !hasKind(typeof content === "string" ? Buffer.from(content) : content, kind)) return "application/octet-stream";
  return kind === "text" ? `${base}; charset=utf-8` : base;
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * RFC 6266 with RFC 5987: an ASCII `filename` for old clients and the exact name as
 * `filename*=UTF-8''…` (a header value cannot carry `文件.pdf` raw; Node refuses to send it).
 */
export function contentDisposition(name: string): string {
  const wellFormed = name.replace(loneSurrogate, "\uFFFD");
  const ascii = wellFormed.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(wellFormed).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendAttachment(reply: FastifyReply, type: string, name: string, content: string | Buffer): FastifyReply {
  return reply.header("content-type", checkedType(type, content))
    .header("content-disposition", contentDisposition(name))
    .header("cache-control", "private, no-store")
    .send(content);
}
