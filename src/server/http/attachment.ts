/**
 * Every file download goes through `sendAttachment`: the browser saves it (never renders it inline)
 * under its name, it is never cached (documents and bank files are private), and its content type is
 * the one its bytes prove, not the one an uploader claimed: an HTML page uploaded as `invoice.pdf`
 * leaves as application/octet-stream (and nosniff, set for every response, keeps the browser from guessing).
 */
import type { FastifyReply } from "fastify";

type Kind = "pdf" | "png" | "jpeg" | "gif" | "tiff" | "zip" | "ole" | "rtf" | "text";

/** The family of bytes each served type must have: Office Open XML and OpenDocument are zip files, the old Office formats OLE compound files. */
const kindOfType: Readonly<Record<string, Kind>> = {
  "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpeg", "image/gif": "gif", "image/tiff": "tiff",
  "application/rtf": "rtf", "text/plain": "text", "text/csv": "text",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "zip",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template": "zip",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "zip",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "zip",
  "application/vnd.oasis.opendocument.text": "zip",
  "application/msword": "ole", "application/vnd.ms-powerpoint": "ole", "application/vnd.ms-excel": "ole", "application/vnd.ms-works": "ole",
};

const magic: readonly [Kind, readonly number[]][] = [
  ["pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["jpeg", [0xff, 0xd8, 0xff]],
  ["gif", [0x47, 0x49, 0x46, 0x38]], // GIF8 (7a or 9a)
  ["tiff", [0x49, 0x49, 0x2a, 0x00]],
  ["tiff", [0x4d, 0x4d, 0x00, 0x2a]],
  ["zip", [0x50, 0x4b, 0x03, 0x04]],
  ["ole", [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ["rtf", [0x7b, 0x5c, 0x72, 0x74, 0x66]], // {\rtf
];

/** Plain text: valid UTF-8 without NUL bytes (a browser never renders it, see above). */
function isText(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

function hasKind(content: Buffer, kind: Kind): boolean {
  if (kind === "text") return isText(content);
  return magic.some(([k, bytes]) => k === kind && bytes.every((b, i) => content[i] === b));
}

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
