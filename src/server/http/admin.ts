/** Administration endpoints that are not plain resource CRUD: the custom-label map (documents: ./files.ts). */
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../resources/index.js";
import { customLabelMap } from "../domain/admin/admin.js";
import { authorize, listResponse } from "../resources/routes.js";

export function adminRoutes(app: FastifyInstance): void {
  const labels = resourceByName.get("custom_labels")!;

  // the spec's call GET custom_labels?status&hashify answers with a map; without hashify, the usual list
  app.get("/api/custom_labels", async (request, reply) => {
    const ctx = authorize(request, labels, "list");
    const query = request.query as Record<string, unknown>;
    if (query.hashify === "true" || query.hashify === "1") return { data: await customLabelMap(query, ctx) };
    return listResponse(labels, query, ctx, reply, new Set(["hashify"]));
  });
}
