/** The server side of purchase_orders: its hooks (purchase-orders.ts). */
import purchaseOrders from "../../../../resources/purchase_orders.js";
import { defineServerModule } from "../../resources/modules.js";
import { purchaseOrderHooks } from "./purchase-orders.js";

export default defineServerModule(purchaseOrders, { hooks: purchaseOrderHooks });
