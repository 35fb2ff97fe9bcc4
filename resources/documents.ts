import { defineResource } from "../src/framework/resource.js";
import { documentSchema } from "../schemas/document.js";

/**
 * The documents archive (spec /assets). Files are uploaded with POST /api/documents/upload
 * (multipart), read with GET /api/documents/{id}/file (= asset_expiring_url) and zipped with
 * POST /api/documents/zip; the generic create is not offered, because a document without its file
 * means nothing. A resource takes documents when it declares a hasMany relation to this one.
 */

/** who may upload (any one) */
export const uploadKeys = ["addDocuments"] as const;
export default defineResource({
  name: "documents",
  schema: documentSchema,
  title: "asset_file_file_name",
  menu: { group: "admin", order: 7 },
  routes: { list: "/assets", show: "/assets/:documentID" },
  permissions: {
    list: ["listDocuments", "documentsArchive"],
    show: ["listDocuments", "documentsArchive"],
    delete: ["deleteDocuments"],
  },
  columns: [
    { field: "asset_file_file_name", link: "show", filterable: true },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "created_by_email", sortable: false },
    { field: "asset_file_file_size", kind: "number", filterable: true },
    { field: "content_type", hidden: true, filterable: true },
    { field: "assetable_type", kind: "enum", filterable: true },
    { field: "assetable_id", kind: "number", hidden: true, filterable: true },
    { field: "assetable_number", sortable: false },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["asset_file_file_name"],
  indexes: [["assetable_type", "assetable_id"], "created_at", "asset_file_file_name"],
  serverFields: ["created_by_user_id", "storage_key", "asset_file_file_size", "content_type"],
  computed: ["assetable_number", "created_by_email", "asset_expiring_url"],
  rowActions: [{ action: "delete", permission: ["deleteDocuments"], confirm: "confirm.deleteDocument" }],
});
