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

/** The types a browser may show in the preview pane: PDFs and the common images; every other file is only downloaded. */
export const inlineTypes: ReadonlySet<string> = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif"]);

/**
 * A preview: shown in the page (`inline`) only when its bytes prove it a PDF or an image, in a
 * sandbox (no script, no form, no same-origin rights even if a crafted PDF tried); anything else
 * leaves as a download, like every other file.
 */
export function sendInline(reply: FastifyReply, type: string, name: string, content: Buffer): FastifyReply {
  const served = checkedType(type, content);
  if (!inlineTypes.has(served)) return sendAttachment(reply, type, name, content);
  return reply.header("content-type", served)
    .header("content-disposition", contentDisposition(name).replace(/^attachment/, "inline"))
    .header("content-security-policy", "sandbox; default-src 'none'; img-src 'self'; object-src 'self'")
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(content);
}

export function sendAttachment(reply: FastifyReply, type: string, name: string, content: string | Buffer): FastifyReply {
  return reply.header("content-type", checkedType(type, content))
    .header("content-disposition", contentDisposition(name))
    .header("cache-control", "private, no-store")
    .send(content);
}
