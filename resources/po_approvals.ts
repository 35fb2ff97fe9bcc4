import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderSchema } from "../schemas/purchase_order.js";
import { purchaseOrderColumns, purchaseOrderRelations, purchaseOrderServerFields, purchaseOrderStatuses } from "./purchase_orders.js";

/**
 * Purchase orders waiting for approval (status PENDING). Its own resource because the spec guards
 * "PO approvals" with the module key purchase_orders_active (approver-style), not listPurchaseOrders.
 */
export default defineResource({
  name: "po_approvals",
  table: "purchase_orders",
  baseFilter: { status: "PENDING" },
  schema: purchaseOrderSchema,
  title: "number",
  module: "purchase_orders_active",
  menu: { group: "purchasing", order: 2 },
  routes: {
    list: "/po_approvals",
    views: [{ path: "/po_approvals/:purchaseOrderID", page: "approval" }],
  },
  permissions: { list: ["purchase_orders_active"], show: ["purchase_orders_active"] },
  statuses: purchaseOrderStatuses,
  columns: purchaseOrderColumns,
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description", "project_name"],
  serverFields: purchaseOrderServerFields,
  computed: ["currency"],
  relations: purchaseOrderRelations,
});
