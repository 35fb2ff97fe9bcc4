/**
 * Purchase-order requests (a view of purchase_orders): the requestor is the signed-in contact; a request
 * is a DRAFT or submitted for approval (PENDING); staff who only request (no editPurchaseOrders or
 * po_approval_edit) edit their own requests only, and cannot move them past PENDING.
 */
import { can } from "../../../framework/permissions.js";
import { forbidden, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { purchaseOrderHooks } from "./purchase-orders.js";

const requestStatuses = ["DRAFT", "PENDING"];
const editorKeys = ["editPurchaseOrders", "po_approval_edit"];

function checkStatus(data: Row): void {
  if (data.status !== undefined && !requestStatuses.includes(String(data.status))) {
    throw unprocessable({ status: [`must be ${requestStatuses.join(" or ")}: a request is approved through the approval workflow`] });
  }
}

export const purchaseOrderRequestHooks: ResourceHooks = {
  ...purchaseOrderHooks,
  async beforeCreate(data, ctx, trx) {
    data.status ??= "DRAFT";
    checkStatus(data);
    data.requestor_id = ctx.contact.id;
    await purchaseOrderHooks.beforeCreate!(data, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx: Ctx, trx) {
    if (!can(ctx.principal, editorKeys)) {
      if (existing.requestor_id !== ctx.contact.id) throw forbidden("Only the requestor can edit this purchase-order request.");
      checkStatus(data);
    }
    await purchaseOrderHooks.beforeUpdate!(data, existing, ctx, trx);
  },
};
