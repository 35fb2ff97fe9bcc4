import { defineResource } from "../src/framework/resource.js";
import { inboundReceiptItemSchema } from "../schemas/inbound_receipt_item.js";

/** Lines of an inbound receipt (domain/purchasing/inbound-receipts.ts): written with it, turned into a receipt's items by its receive action. */
export default defineResource({
  name: "inbound_receipt_items",
  schema: inboundReceiptItemSchema,
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
    { field: "quantity", kind: "number" },
  ],
  defaultSort: { field: "id", order: "asc" },
  indexes: ["inbound_receipt_id", "po_item_id"],
  relations: {
    inbound_receipt: { kind: "belongsTo", resource: "inbound_receipts", foreignKey: "inbound_receipt_id", fields: ["id", "number", "status"] },
    po_item: { kind: "belongsTo", resource: "po_items", foreignKey: "po_item_id", fields: ["id", "line", "description", "quantity", "qty_received"] },
  },
});
