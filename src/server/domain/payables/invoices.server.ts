/** The server side of invoices: its hooks (invoices.ts) the override of matching exceptions (match-overrides.ts) and of a duplicate warning (invoice-numbers.ts). */
import invoices from "../../../../resources/invoices.js";
import { defineServerModule } from "../../resources/modules.js";
import { invoiceHooks } from "./invoices.js";
import { overrideSuspectedDuplicate } from "./invoice-numbers.js";
import { overrideExceptions } from "./match-overrides.js";
import { invoiceApproval } from "../approvals/approvables/invoice.js";

export default defineServerModule(invoices, {
  approval: invoiceApproval,
  hooks: invoiceHooks,
  actions: {
    override_exceptions: overrideExceptions,
    async override_duplicate({ row, input, ctx }) {
      await overrideSuspectedDuplicate(ctx.db, ctx, row, String(input.reason));
    },
  },
});
