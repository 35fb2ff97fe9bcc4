/**
 * Overriding an invoice's open matching exceptions (the invoices action override_exceptions, held by
 * overrideMatchExceptions): each is accepted with the user's comment, who and when kept on it (the
 * framework records the action and its comment in the invoice's activity). The invoice may then be approved and paid; an exception whose figures change later
 * opens again (invoice-matching.ts). Its creator or submitter may not override it, as they may not approve it (segregation.ts).
 */
import { unprocessable } from "../../errors.js";
import { checkNotParty } from "../approvals/engine.js";
import type { ActionHandler } from "../../resources/modules.js";

export const overrideExceptions: ActionHandler = async ({ row: invoice, input, ctx }) => {
  const trx = ctx.db;
  // accepting an exception stands in for the approver's judgement: not the invoice's own creator or submitter
  await checkNotParty(trx, ctx, "Invoice", invoice!, "override its matching exceptions");
  const comment = String(input.comment).trim();
  if (!comment) throw unprocessable({ comment: ["say why the exceptions are accepted"] });
  await trx.updateTable("match_exceptions")
    .set({ status: "OVERRIDDEN", override_comment: comment, overridden_by_id: ctx.user.id, overridden_at: new Date(), updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("invoice_id", "=", invoice.id as number).where("status", "=", "OPEN").execute();
  await trx.updateTable("invoices").set({ has_open_exceptions: false, updated_at: new Date() }).where("id", "=", invoice.id as number).execute();
};
