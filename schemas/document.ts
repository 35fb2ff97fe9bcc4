/** A stored file (asset) attached to a record; the content lives in document_files (see storage_key). */
export const documentParentTypes = [
  "Accrual", "Company", "Contact", "Invoice", "InvoiceItem", "Payment", "PurchaseOrder", "Receipt", "Report", "User", "Vendor", "Template",
] as const;

export const documentSchema = {
  type: "object",
  additionalProperties: false,
  required: ["asset_file_file_name", "assetable_type", "assetable_id"],
  properties: {
    asset_file_file_name: { type: "string", minLength: 1, maxLength: 255 },
    asset_file_file_size: { type: "integer", minimum: 0, default: 0 },
    content_type: { type: ["string", "null"], maxLength: 100 },
    assetable_type: { type: "string", enum: documentParentTypes },
    assetable_id: { type: "integer" },
    created_by_user_id: { type: ["integer", "null"], "x-references": "users" },
    /** where the content is: "db:<id>" for the built-in store; other schemes for external stores */
    storage_key: { type: ["string", "null"], maxLength: 500 },
  },
} as const;

/** The content of a document in the built-in store: base64, kept apart so that lists never load it. */
export const documentFileSchema = {
  type: "object",
  additionalProperties: false,
  required: ["document_id", "data"],
  properties: {
    document_id: { type: "integer", "x-references": "documents" },
    data: { type: "string" },
  },
} as const;
