/** The server side of purchase_order_requests: its hooks (purchase-order-requests.ts). */
import purchaseOrderRequests from "../../../../resources/purchase_order_requests.js";
import { defineServerModule } from "../../resources/modules.js";
import { purchaseOrderRequestHooks } from "./purchase-order-requests.js";

export default defineServerModule(purchaseOrderRequests, { hooks: purchaseOrderRequestHooks });
