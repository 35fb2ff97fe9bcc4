/**
 * The server side of accrual_requests: its hooks and send action (accrual-requests.ts), its booking
 * (accrual-booking.ts), and the vendor's answer in the portal (accrual-answers.ts).
 */
import accrualRequests from "../../../../resources/accrual_requests.js";
import { defineServerModule } from "../../resources/modules.js";
import { answerAccrualRequest, type AccrualAnswer } from "./accrual-answers.js";
import { bookRequest } from "./accrual-booking.js";
import { accrualRequestHooks, sendRequest } from "./accrual-requests.js";

export default defineServerModule(accrualRequests, {
  hooks: accrualRequestHooks,
  actions: { send: sendRequest, book: bookRequest },
  portalActions: {
    submit_accrual: ({ row, input, ctx }) => answerAccrualRequest(ctx.db, ctx, row!.id as number, input as AccrualAnswer, ctx.contact.id, ctx.contact.vendor_id ?? undefined),
  },
});
