/**
 * Accrual requests: purchaser_name for the lists; a request made on its own is numbered by the server
 * (AR-00001), asked by the signed-in contact, and sent (or resent) by its send action through the same
 * path as a blast's requests (accrual-request-mail.ts).
 */
import { unprocessable } from "../../errors.js";
import type { ActionHandler, ResourceHooks } from "../../resources/modules.js";
import { checkDateOrder, failIfAny, nextNumber } from "../purchasing/records.js";
import { fullName } from "./accrual-blasts.js";
import { recipientOf, sendAccrualRequest } from "./accrual-request-mail.js";

export const accrualRequestHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.purchaser_name = fullName(row.purchaser);
  },
  async beforeCreate(data, ctx, trx) {
    failIfAny(checkDateOrder(data, [["start_date", "end_date"]]));
    data.number = await nextNumber(trx, "accrual_requests", ctx.company.id, "AR");
    data.purchaser_id ??= ctx.contact.id;
    data.message_status = "not sent";
  },
  beforeUpdate(data, existing) {
    failIfAny(checkDateOrder({ ...existing, ...data }, [["start_date", "end_date"]]));
  },
};

export const sendRequest: ActionHandler = async ({ row, ctx }) => {
  const { to, name } = await recipientOf(ctx.db, ctx, row.vendor_id as number);
  if (!to) throw unprocessable({ vendor_id: ["The vendor has no contact with an e-mail address (accrual request or primary contact)."] });
  await sendAccrualRequest(ctx.db, ctx, row, to, name);
};
