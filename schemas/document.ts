/** A stored file (asset) attached to a record; its bytes live in the file store under storage_key (src/server/files). */
export const documentParentTypes = [
  "Accrual", "Company", "Contact", "Invoice", "InvoiceItem", "Payment", "PurchaseOrder", "Receipt", "Report", "User", "Vendor", "Template",
  // ours: a card transaction's receipt (docs/cards.md), an expense item's receipt (docs/expenses.md)
  "CardTransaction", "ExpenseItem",
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
    assetable_id: { type: "integer", "x-internal": true },
    created_by_user_id: { type: ["integer", "null"], "x-references": "users" },
    /** where the bytes are: "db:<stored_files.id>" for the database store; other schemes for other stores */
    storage_key: { type: ["string", "null"], maxLength: 500, "x-internal": true },
  },
} as const;

