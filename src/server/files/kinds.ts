/**
 * What the bytes of a file are, by their magic numbers: one table for the upload check
 * (./check.ts) and the download's served type (../http/attachment.ts).
 */
export type Kind = "pdf" | "png" | "jpeg" | "gif" | "tiff" | "zip" | "ole" | "rtf" | "text";

/** The family of bytes each served type must have: Office Open XML and OpenDocument are zip files, the old Office formats OLE compound files. */
export const kindOfType: Readonly<Record<string, Kind>> = {
  "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpeg", "image/gif": "gif", "image/tiff": "tiff",
  "application/rtf": "rtf", "text/plain": "text", "text/csv": "text", "application/xml": "text",
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

/** The longest magic number: this many leading bytes decide every binary kind. */
export const headLength = 8;

/** Does `head` (the file's first bytes) start like a file of `kind`? Not for text, which is judged on all its bytes. */
export const hasMagic = (head: Uint8Array, kind: Kind): boolean =>
  magic.some(([k, bytes]) => k === kind && bytes.every((b, i) => head[i] === b));

/** Plain text: valid UTF-8 without NUL bytes (a browser never renders it: downloads are attachments with nosniff). */
export function isText(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

export const hasKind = (content: Buffer, kind: Kind): boolean => (kind === "text" ? isText(content) : hasMagic(content, kind));

export const maxDocumentBytes = 5 * 1024 * 1024;

/** data-spec 5: upload file types and attachment (image) types, with the content type each is served as */
export const documentTypes: Readonly<Record<string, string>> = {
  pdf: "application/pdf", doc: "application/msword", rtf: "application/rtf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  dotx: "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation", ppt: "application/vnd.ms-powerpoint",
  xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  wps: "application/vnd.ms-works", odt: "application/vnd.oasis.opendocument.text", txt: "text/plain", csv: "text/csv",
  png: "image/png", jpeg: "image/jpeg", jpg: "image/jpeg", gif: "image/gif", tiff: "image/tiff",
};
