/**
 * POST /api/invoice_captures/upload: files dropped on the draft inbox (multipart, up to
 * `maxUploadFiles` files) go the way of e-mail attachments (intake.ts). Answers 201 with the
 * captures made, or 422 naming every file refused and why when none could be taken.
 */
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../../resources/index.js";
import { unprocessable } from "../../errors.js";
import { maxDocumentBytes } from "../../files/kinds.js";
import { authorize } from "../../resources/routes.js";
import { captureUploads, type IncomingDocument } from "./intake.js";

export const maxUploadFiles = 10;

export function captureRoutes(app: FastifyInstance): void {
  const draftInbox = resourceByName.get("invoices_draft_inbox")!;
  app.post("/api/invoice_captures/upload", async (request, reply) => {
    const ctx = authorize(request, draftInbox, "edit");
    if (!request.isMultipart()) throw unprocessable({ files: ["must be sent as multipart/form-data"] });
    const files: IncomingDocument[] = [];
    const tooLarge: string[] = [];
    for await (const part of request.parts({ limits: { files: maxUploadFiles, fileSize: maxDocumentBytes + 1, fields: 5, parts: maxUploadFiles + 5 } })) {
      if (part.type !== "file") continue;
      const bytes = await part.toBuffer().catch(() => undefined);
      if (!bytes || part.file.truncated) tooLarge.push(`${part.filename} is larger than ${maxDocumentBytes / 1024 / 1024} MB.`);
      else files.push({ fileName: part.filename, bytes });
    }
    if (files.length === 0 && tooLarge.length === 0) throw unprocessable({ files: ["choose at least one PDF or image"] });
    const { ids, reasons } = await captureUploads(ctx, files);
    const refused = [...tooLarge, ...reasons];
    if (ids.length === 0) throw unprocessable({ files: refused });
    return reply.status(201).send({ data: { ids, refused } });
  });
}
