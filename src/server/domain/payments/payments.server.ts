/** The server side of payments: its hooks (payments.ts), its transitions (payment-transitions.ts) and documents (payment-documents.ts). */
import payments from "../../../../resources/payments.js";
import { defineServerModule } from "../../resources/modules.js";
import { transitionAction } from "./payment-transitions.js";
import { paymentDetails, remittanceAdvice, viewPaymentInstructions } from "./payment-documents.js";
import { printCheck } from "./bank-files/check-print.js";
import { voidChecksOfPayment } from "./bank-files/checks.js";
import { paymentHooks } from "./payments.js";
import { paymentApproval } from "../approvals/approvables/payment.js";

export default defineServerModule(payments, {
  approval: paymentApproval,
  hooks: paymentHooks,
  actions: {
    clear: transitionAction("clear"),
    fail: transitionAction("fail"),
    // a voided check payment's check is void too (positive pay tells the bank)
    async void(call) {
      const answer = await transitionAction("void")(call);
      await voidChecksOfPayment(call.ctx.db, call.ctx, call.row.id as number, "Payment voided");
      return answer;
    },
    reissue: transitionAction("reissue"),
    async "check.pdf"({ row, ctx }) {
      const printed = await printCheck(ctx, row.id);
      return { file: { contentType: "application/pdf", fileName: printed.fileName, content: printed.pdf } };
    },
    instructions: async ({ row, ctx }) => ({ data: await viewPaymentInstructions(ctx, row.id) }),
    remittance: async ({ row, ctx }) => ({ data: await remittanceAdvice(ctx, await paymentDetails(ctx, row.id)) }),
  },
});
