/** The server side of custom_labels: the spec's call GET custom_labels?status&hashify answers with a map (admin.ts); without hashify, the usual list. */
import customLabels from "../../../../resources/custom_labels.js";
import { defineServerModule } from "../../resources/modules.js";
import { customLabelMap } from "./admin.js";

const hashify = (query: Record<string, unknown>) => query.hashify === "true" || query.hashify === "1";

export default defineServerModule(customLabels, {
  hooks: {
    answers: { list: async (query, ctx) => (hashify(query) ? customLabelMap(query, ctx) : undefined) },
    // `hashify` is no filter: the list ignores it
    listParams: { hashify: (qb) => qb },
  },
});
