/** The server side of payments: its hooks (payments.ts), its transitions (payment-transitions.ts) and documents (payment-documents.ts). */
import payments from "../../../../resources/payments.js";
import { defineServerModule } from "../../resources/modules.js";
import { transitionAction } from "./payment-transitions.js";
import { checkPdf, paymentDetails, remittanceAdvice, viewPaymentInstructions } from "./payment-documents.js";
import { paymentHooks } from "./payments.js";
import { paymentApproval } from "../approvals/approvables/payment.js";

const fileName = (name: string) => name.replace(/[^\w.-]+/g, "_");

export default defineServerModule(payments, {
  approval: paymentApproval,
  hooks: paymentHooks,
  actions: {
    clear: transitionAction("clear"),
    fail: transitionAction("fail"),
    void: transitionAction("void"),
    reissue: transitionAction("reissue"),
    async "check.pdf"({ row, ctx }) {
      const details = await paymentDetails(ctx, row.id);
      return { file: { contentType: "application/pdf", fileName: `check-${fileName(String(details.payment.payment_number))}.pdf`, content: checkPdf(ctx, details) } };
    },
    instructions: async ({ row, ctx }) => ({ data: await viewPaymentInstructions(ctx, row.id) }),
    remittance: async ({ row, ctx }) => ({ data: await remittanceAdvice(ctx, await paymentDetails(ctx, row.id)) }),
  },
});
