/** The server side of purchase_orders: its hooks (purchase-orders.ts), close and cancel (po-lifecycle.ts) and the vendor's acknowledgement (po-acknowledgements.ts). */
import purchaseOrders from "../../../../resources/purchase_orders.js";
import { defineServerModule } from "../../resources/modules.js";
import { acknowledgeOrder } from "./po-acknowledgements.js";
import { cancelPurchaseOrder, closePurchaseOrder } from "./po-lifecycle.js";
import { orderPdfFile } from "./po-pdf.js";
import { purchaseOrderHooks } from "./purchase-orders.js";
import { purchaseOrderApproval } from "../approvals/approvables/purchase-order.js";

export default defineServerModule(purchaseOrders, {
  approval: purchaseOrderApproval,
  hooks: purchaseOrderHooks,
  actions: { close: closePurchaseOrder, cancel: cancelPurchaseOrder, "order.pdf": orderPdfFile },
  portalActions: { acknowledge: ({ row, ctx }) => acknowledgeOrder(ctx, row!) },
});
