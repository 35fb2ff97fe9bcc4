import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderViewBase } from "./shared/purchase_order_views.js";
import { purchaseOrderEditable, purchaseOrderLines, purchaseOrderServerFields } from "./purchase_orders.js";

/**
 * Purchase-order requests: staff ask for a purchase order (requestPurchaseOrders) without holding
 * the purchasing keys. A view of purchase_orders with its own guards (product-spec 2.15 "PO request
 * new / edit / duplicate"); its server rules (src/server/domain/purchasing/purchase-order-requests.ts): the
 * requestor is the signed-in contact, a request starts as DRAFT or PENDING, and only the requestor
 * (or a holder of editPurchaseOrders / po_approval_edit) edits it.
 * The query parameter punchoutId (new) starts the request from a punchout cart; approvalId (edit) belongs to approvals.
 */
export default defineResource({
  ...purchaseOrderViewBase,
  name: "purchase_order_requests",
  module: "purchase_orders_active",
  menu: false,
  routes: {
    create: "/purchase_orders/requests/new",
    edit: "/purchase_orders/requests/:purchaseOrderID/edit",
    duplicate: "/purchase_orders/requests/:purchaseOrderID/duplicate",
    // ?punchoutId starts the form from a punchout cart (docs/punchout.md)
    views: [{ path: "/purchase_orders/requests/new", page: "create", component: "PurchaseOrderRequestNew" }],
  },
  permissions: {
    list: ["requestPurchaseOrders"],
    show: ["requestPurchaseOrders"],
    create: ["requestPurchaseOrders"],
    edit: ["requestPurchaseOrders", "editPurchaseOrders", "po_approval_edit"],
  },
  serverFields: [...purchaseOrderServerFields, "requestor_id"],
  // a request carries its lines like an order (its amount comes from them); a duplicate starts from copies of them
  lines: purchaseOrderLines,
  // a request is saved as DRAFT or sent for approval at once (PENDING starts its chain); later by its submit
  clientWritable: { create: ["status"] },
  recordActions: [{ name: "submit", kind: "post", label: "statusActions.submit", permission: ["requestPurchaseOrders", "editPurchaseOrders", "po_approval_edit"], when: { status: ["DRAFT", "REJECTED"] }, to: "PENDING" }],
  rowActions: [{ action: "edit", permission: ["requestPurchaseOrders", "editPurchaseOrders", "po_approval_edit"], when: purchaseOrderEditable }],
});
