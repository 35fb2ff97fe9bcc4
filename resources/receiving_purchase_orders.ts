import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderSchema } from "../schemas/purchase_order.js";
import { purchaseOrderColumns, purchaseOrderRelations, purchaseOrderServerFields, purchaseOrderStatuses } from "./purchase_orders.js";

/**
 * Purchase orders requiring receipt: approved or open (ACTIVE) with a line not fully received
 * (awaiting_receipt, kept by the server from po_items.qty_received). Read-only, for receiving staff.
 */
export default defineResource({
  name: "receiving_purchase_orders",
  table: "purchase_orders",
  baseFilter: { status: "ACTIVE", awaiting_receipt: "true" },
  schema: purchaseOrderSchema,
  title: "number",
  module: "receipts_active",
  menu: { group: "receiving", order: 1 },
  routes: { list: "/receiving/purchase_orders" },
  permissions: {
    list: ["listPoOrders", "receiving_visible"],
    show: ["listPoOrders", "receiving_visible"],
  },
  statuses: purchaseOrderStatuses,
  columns: purchaseOrderColumns,
  defaultSort: { field: "date", order: "desc" },
  search: ["number", "description", "project_name"],
  serverFields: purchaseOrderServerFields,
  computed: ["currency"],
  relations: purchaseOrderRelations,
});
