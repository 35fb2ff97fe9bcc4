/**
 * The relation that makes a record take documents: its show page then offers upload, preview,
 * download and zip (src/client/documents). One declaration for every parent type.
 */
import type { documentParentTypes } from "../../schemas/document.js";

export const documentsOf = (assetableType: (typeof documentParentTypes)[number]) => ({
  kind: "hasMany",
  resource: "documents",
  foreignKey: "assetable_id",
  where: { assetable_type: assetableType },
  fields: ["id", "asset_file_file_name", "asset_file_file_size", "content_type", "created_at"],
  // the invoice's PDF is part of the invoice: its approver sees it without the archive's keys
  readWithParent: true,
} as const);
