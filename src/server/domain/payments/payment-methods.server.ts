/** The server side of payment_methods: its hooks (payment-methods.ts) and a vendor's new bank details (vendor-bank-changes.ts). */
import paymentMethods from "../../../../resources/payment_methods.js";
import { defineServerModule } from "../../resources/modules.js";
import { paymentMethodHooks } from "./payment-methods.js";
import { proposeBankDetails, type BankDetails } from "./vendor-bank-changes.js";
import { paymentMethodApproval } from "../approvals/approvables/payment-method.js";

export default defineServerModule(paymentMethods, {
  approval: paymentMethodApproval,
  hooks: paymentMethodHooks,
  portalActions: { propose: async ({ input, ctx }) => ({ show: (await proposeBankDetails(ctx, input as unknown as BankDetails)).id as number, status: 201 }) },
});
