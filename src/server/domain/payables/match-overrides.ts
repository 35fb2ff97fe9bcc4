/**
 * Overriding an invoice's open matching exceptions (the invoices action override_exceptions, held by
 * overrideMatchExceptions): each is accepted with the user's comment, who and when kept on it (the
 * framework records the action and its comment in the invoice's activity). The invoice may then be approved and paid; an exception whose figures change later
 * opens again (invoice-matching.ts).
 */
import { unprocessable } from "../../errors.js";
import type { ActionHandler } from "../../resources/modules.js";

export const overrideExceptions: ActionHandler = async ({ row: invoice, input, ctx }) => {
  const trx = ctx.db;
  const comment = String(input.comment).trim();
  if (!comment) throw unprocessable({ comment: ["say why the exceptions are accepted"] });
  await trx.updateTable("match_exceptions")
    .set({ status: "OVERRIDDEN", override_comment: comment, overridden_by_id: ctx.user.id, overridden_at: new Date(), updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("invoice_id", "=", invoice.id as number).where("status", "=", "OPEN").execute();
  await trx.updateTable("invoices").set({ has_open_exceptions: false, updated_at: new Date() }).where("id", "=", invoice.id as number).execute();
};
