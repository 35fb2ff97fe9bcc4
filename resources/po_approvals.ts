import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderViewBase } from "./shared/purchase_order_views.js";

/**
 * Purchase orders waiting for approval (status PENDING). Its own resource because the spec guards
 * "PO approvals" with the module key purchase_orders_active (approver-style), not listPurchaseOrders.
 */
export default defineResource({
  ...purchaseOrderViewBase,
  name: "po_approvals",
  baseFilter: { status: "PENDING" },
  module: "purchase_orders_active",
  menu: { group: "purchasing", order: 2 },
  routes: {
    list: "/po_approvals",
    views: [{ path: "/po_approvals", approvalList: true }, { path: "/po_approvals/:purchaseOrderID", page: "approval" }],
  },
  permissions: { list: ["purchase_orders_active"], show: ["purchase_orders_active"] },
  // the module key lets every user open the list: who may not read purchase orders sees only those awaiting them
  personalScope: { all: ["listPurchaseOrders", "readPurchaseOrders"], approvals: { type: "PurchaseOrder", key: "id" } },
});
