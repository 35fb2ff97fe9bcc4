import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderViewBase } from "./shared/purchase_order_views.js";

/**
 * Purchase orders requiring receipt: approved or open (ACTIVE) with a line not fully received
 * (awaiting_receipt, kept by the server from po_items.qty_received). Read-only, for receiving staff.
 */
export default defineResource({
  ...purchaseOrderViewBase,
  name: "receiving_purchase_orders",
  baseFilter: { status: "ACTIVE", awaiting_receipt: "true" },
  module: "receipts_active",
  menu: { group: "receiving", order: 1 },
  routes: { list: "/receiving/purchase_orders" },
  permissions: {
    list: ["listPoOrders", "receiving_visible"],
    show: ["listPoOrders", "receiving_visible"],
  },
  defaultSort: { field: "date", order: "desc" },
});
