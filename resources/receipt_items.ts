import { defineResource } from "../src/framework/resource.js";
import { receiptItemSchema } from "../schemas/receipt_item.js";

/** Lines of a receipt; they change only while the receipt is a DRAFT. */
const whileDraft = { "receipt.status": "DRAFT" } as const;

export default defineResource({
  name: "receipt_items",
  schema: receiptItemSchema,
  title: "id",
  module: "receipts_active",
  menu: false,
  routes: {},
  permissions: {
    list: ["listReceipts"],
    show: ["readReceipts"],
    create: ["addReceipts"],
    edit: ["addReceipts"],
    delete: ["addReceipts"],
  },
  columns: [
    { field: "po_item.line", kind: "number" },
    { field: "po_item.description" },
    { field: "po_item.quantity", kind: "number" },
    { field: "quantity", kind: "number" },
  ],
  defaultSort: { field: "id", order: "asc" },
  indexes: ["receipt_id", "po_item_id"],
  relations: {
    receipt: { kind: "belongsTo", resource: "receipts", foreignKey: "receipt_id", fields: ["id", "number", "status", "purchase_order_id"] },
    po_item: { kind: "belongsTo", resource: "po_items", foreignKey: "po_item_id", fields: ["id", "line", "description", "quantity", "qty_received"] },
  },
  rowActions: [
    { action: "edit", permission: ["addReceipts"], when: whileDraft },
    { action: "delete", permission: ["addReceipts"], when: whileDraft },
  ],
});
