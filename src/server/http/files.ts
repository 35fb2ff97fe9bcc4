/**
 * Files in and out of documents: multipart upload, download (always an attachment) and a zip of
 * several. The file store is chosen once, at start (STORAGE, see ../files/store.ts).
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../resources/index.js";
import type { DB } from "../db/connect.js";
import { documentFile, documentsZip, maxZipDocuments } from "../domain/admin/documents.js";
import { maxDocumentBytes } from "../files/kinds.js";
import { checkUploadRight, uploadDocument } from "../domain/admin/uploads.js";
import type { IncomingFile } from "../files/upload.js";
import { fileStore } from "../files/store.js";
import { decorate } from "../resources/read.js";
import { authorize } from "../resources/routes.js";
import { contentDisposition, sendAttachment, sendInline } from "./attachment.js";
import { unprocessable } from "../errors.js";

export function fileRoutes(app: FastifyInstance, db: DB): void {
  fileStore(db); // an unknown STORAGE fails the start, not the first upload
  const documents = resourceByName.get("documents")!;
  // one file and a few text fields per request; the size limit is enforced while streaming (413),
  // busboy's limit one byte above it only stops reading
  void app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1000, parts: 12, fileSize: maxDocumentBytes + 1 } });

  app.post("/api/documents/upload", async (request, reply) => {
    // the documents keys, or a narrow right to attach a receipt (uploadDocument checks which)
    const ctx = request.ctx;
    if (!request.isMultipart()) {
      // the right before the body's form: a user who may not attach to what the body names is refused (403), not told its format
      const body = request.body;
      checkUploadRight(ctx, body !== null && typeof body === "object" ? (body as Record<string, unknown>).assetable_type : undefined);
      throw unprocessable({ file: ["must be sent as multipart/form-data"] });
    }
    const fields: Record<string, unknown> = {};
    let file: IncomingFile | undefined;
    // fields sent before the file are known when it arrives
    for await (const part of request.parts()) {
      if (part.type === "file") {
        file = { fileName: part.filename, content: part.file };
        break;
      }
      fields[part.fieldname] = part.value;
    }
    const row = await uploadDocument(fields, file, ctx);
    const [data] = await decorate(documents, [row], ctx, true);
    return reply.status(201).send({ data });
  });

  // who may read the record a document hangs on may open it (documentFile checks): no documents key asked here
  app.get<{ Params: { id: string } }>("/api/documents/:id/file", async (request, reply) => {
    const file = await documentFile(request.params.id, request.ctx);
    return sendAttachment(reply, file.type, file.name, file.content);
  });

  app.get<{ Params: { id: string } }>("/api/documents/:id/preview", async (request, reply) => {
    const file = await documentFile(request.params.id, request.ctx);
    return sendInline(reply, file.type, file.name, file.content);
  });

  app.post<{ Body: { ids?: unknown } }>("/api/documents/zip", async (request, reply) => {
    const ctx = authorize(request, documents, "list");
    const ids = request.body?.ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > maxZipDocuments || !ids.every((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)) {
      throw unprocessable({ ids: [`must be a list of 1 to ${maxZipDocuments} document ids`] });
    }
    const zip = await documentsZip(ids as number[], ctx);
    return reply.header("content-type", "application/zip").header("content-disposition", contentDisposition("documents.zip"))
      .header("cache-control", "private, no-store").send(zip);
  });
}
