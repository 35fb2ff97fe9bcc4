/**
 * A file arriving in a multipart request, on its way to the file store: its name checked before any
 * byte is read, then streamed through the type and size check (./check.ts) into the store. A document
 * row names it afterwards, in the caller's transaction (domain/admin/uploads.ts `attachUpload`).
 */
import path from "node:path";
import type { Readable } from "node:stream";
import type { Ctx } from "../resources/context.js";
import { FileCheck, safeFileName } from "./check.js";
import { documentTypes, kindOfType, maxDocumentBytes } from "./kinds.js";
import { fileStore } from "./store.js";

export interface IncomingFile {
  /** the name the client sent, path and all */
  fileName: string;
  content: Readable;
}

/** A checked file in the file store, not yet a document: a document row names it (`attachUpload`). */
export interface StoredUpload {
  key: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** A file's safe name and extension, and what is wrong with it for `extensions` (the document types by default). */
export interface NamedFile { fileName: string; extension: string; problem?: string }

/** Checked before any byte is read, so that a refused file costs nothing. */
export function nameOfFile(file: IncomingFile | undefined, extensions: readonly string[] = Object.keys(documentTypes)): NamedFile {
  const fileName = file ? safeFileName(file.fileName) : "";
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!fileName) return { fileName, extension, problem: "can't be blank" };
  if (!extensions.includes(extension) || !documentTypes[extension]) return { fileName, extension, problem: `must be one of these file types: ${extensions.join(", ")}` };
  return { fileName, extension };
}

/** Stream a file whose name passed `nameOfFile` through the type and size check into the file store. */
export async function storeUpload(file: IncomingFile, named: NamedFile, ctx: Ctx): Promise<StoredUpload> {
  const contentType = documentTypes[named.extension];
  const check = new FileCheck(kindOfType[contentType], named.extension, maxDocumentBytes);
  file.content.pipe(check);
  const key = await fileStore(ctx.db).put(check, { companyId: ctx.company.id });
  return { key, fileName: named.fileName, size: check.size, contentType };
}

/** Forget a stored file whose document was never written (its transaction failed). */
export const discardUpload = (upload: StoredUpload, ctx: Ctx) => fileStore(ctx.db).delete(upload.key, { companyId: ctx.company.id });

/** What is left of a multipart file the request refused: read to the end, so that the answer reaches the client. */
export function drain(file: IncomingFile | undefined): void {
  if (file && !file.content.readableEnded) {
    file.content.unpipe();
    file.content.resume();
  }
}
