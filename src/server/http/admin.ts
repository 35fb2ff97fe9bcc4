/** Administration endpoints that are not plain resource CRUD: document upload/download, the custom-label map. */
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../resources/index.js";
import { customLabelMap } from "../domain/admin.js";
import { documentFile, maxDocumentBytes } from "../domain/documents.js";
import { uploadDocument } from "../domain/uploads.js";
import { can } from "../../framework/permissions.js";
import { decorate } from "../resources/read.js";
import { authorize, listResponse } from "../resources/routes.js";
import { forbidden } from "./errors.js";
import { sendAttachment } from "./attachment.js";

export function adminRoutes(app: FastifyInstance): void {
  const documents = resourceByName.get("documents")!;
  const labels = resourceByName.get("custom_labels")!;

  // base64 grows a file by a third: room for the largest allowed file
  app.post("/api/documents/upload", { bodyLimit: Math.ceil(maxDocumentBytes * 1.4) + 4096 }, async (request, reply) => {
    const ctx = authorize(request, documents, "list");
    if (!can(ctx.principal, ["addDocuments"])) throw forbidden();
    const row = await uploadDocument(request.body, ctx);
    const [data] = await decorate(documents, [row], ctx, true);
    return reply.status(201).send({ data });
  });

  app.get<{ Params: { id: string } }>("/api/documents/:id/file", async (request, reply) => {
    const ctx = authorize(request, documents, "show");
    const file = await documentFile(request.params.id, ctx);
    return sendAttachment(reply, file.type, file.name, file.content);
  });

  // the spec's call GET custom_labels?status&hashify answers with a map; without hashify, the usual list
  app.get("/api/custom_labels", async (request, reply) => {
    const ctx = authorize(request, labels, "list");
    const query = request.query as Record<string, unknown>;
    if (query.hashify === "true" || query.hashify === "1") return { data: await customLabelMap(query, ctx) };
    return listResponse(labels, query, ctx, reply, new Set(["hashify"]));
  });
}
