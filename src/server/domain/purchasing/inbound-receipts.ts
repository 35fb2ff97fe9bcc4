/** Advance shipping notices: only for approved or open purchase orders, and always from the order's vendor. */
import type { ResourceHooks } from "../../resources/modules.js";
import { receivablePurchaseOrder } from "./receipts.js";

export const inboundReceiptHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    data.vendor_id = (await receivablePurchaseOrder(trx, ctx, data.purchase_order_id)).vendor_id;
  },
  async beforeUpdate(data, existing, ctx, trx) {
    if (data.purchase_order_id !== undefined && data.purchase_order_id !== existing.purchase_order_id) {
      data.vendor_id = (await receivablePurchaseOrder(trx, ctx, data.purchase_order_id)).vendor_id;
    }
  },
};
