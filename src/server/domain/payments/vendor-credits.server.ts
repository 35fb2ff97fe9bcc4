/**
 * The server side of vendor_credits, a view of the payments table with a behaviour of its own: the
 * credit hooks (a credit created here is complete: PENDING, its chain starts), POST
 * /api/vendor_credits/{id}/apply, which applies the AVAILABLE credit (locked by the framework) to one
 * invoice or several in one transaction, and void and refund (credit-memos.ts).
 */
import vendorCredits from "../../../../resources/vendor_credits.js";
import { HttpError, unprocessable } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import { defineServerModule } from "../../resources/modules.js";
import { applyCredit } from "./credits.js";
import { creditMemoApproval } from "../approvals/approvables/credit-memo.js";
import { creditHooks, refundCredit, voidCredit, type RefundInput } from "./credit-memos.js";

interface Application { invoice_id: number; amount: unknown; field: (name: string) => string }

/** The input's applications (validated by the declared schema), each with how its errors are named (`amount`, or `applications.2.amount`). */
function applicationsOf(input: Row): Application[] {
  const several = Array.isArray(input.applications);
  const list = (several ? input.applications : [input]) as Row[];
  return list.map((item, i) => {
    const field = (name: string) => (several ? `applications.${i}.${name}` : name);
    if (!Number.isInteger(item.invoice_id)) throw unprocessable({ [field("invoice_id")]: ["must be an invoice id"] });
    return { invoice_id: item.invoice_id as number, amount: item.amount, field };
  });
}

export default defineServerModule(vendorCredits, {
  approval: creditMemoApproval,
  hooks: creditHooks("PENDING"),
  actions: {
    async apply({ row, input, ctx }) {
      const applications = applicationsOf(input);
      const trx = ctx.db;
      // invoices locked in id order, so two applications over the same invoices never deadlock
      const ids = [...new Set(applications.map((a) => a.invoice_id))].sort((a, b) => a - b);
      await trx.selectFrom("invoices").select("id").where("company_id", "=", ctx.company.id).where("id", "in", ids).orderBy("id").forUpdate().execute();
      for (const application of applications) {
        try {
          await applyCredit(trx, ctx, { creditId: row.id as number, invoiceId: application.invoice_id, amount: application.amount as string });
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 422) throw error;
          throw unprocessable(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [application.field(k), v])));
        }
      }
    },
    async void({ row, ctx }) {
      await voidCredit(ctx.db, ctx, row);
    },
    async refund({ row, input, ctx }) {
      await refundCredit(ctx.db, ctx, row, input as unknown as RefundInput);
    },
  },
});
