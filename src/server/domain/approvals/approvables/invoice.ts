/** Invoices in the approval engine: GL coding and no open matching exception required; approved → APPROVED, or OPEN once paid in part, and posted to the ledger. */
import { isoDate } from "../../../../framework/dates.js";
import { money } from "../../../../framework/money.js";
import { unprocessable } from "../../../errors.js";
import { postInvoiceApproval } from "../../ledger/invoice-ledger.js";
import { flagSuspectedDuplicate, heldAsDuplicate } from "../../payables/invoice-numbers.js";
import { codingValid } from "../../payables/invoices.js";
import { matchInvoice, settleInvoice } from "../../purchasing/invoice-matching.js";
import { accountIds, recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const invoiceApproval: ApprovalBehaviour = {
  async check(record, action, trx, ctx) {
    if (!codingValid(record.amount, record.debit_entries)) {
      throw unprocessable({ base: [action === "approve" ? "Can't Approve: GL coding required" : "Can't Submit: GL coding required"] });
    }
    // matched afresh (receipts may have moved since): an open exception holds the approval until corrected or overridden
    if (action === "approve" && (await matchInvoice(trx, record.id as number)).open > 0) {
      throw unprocessable({ base: ["Can't Approve: the invoice has open matching exceptions (correct it, or override them with a comment)"] });
    }
    // look-alikes, found afresh: flagged on submit, and an approval waits for someone else's override (payables/invoice-numbers.ts)
    if (action === "submit") await flagSuspectedDuplicate(trx, ctx, record);
    if (action === "approve" && (await heldAsDuplicate(trx, ctx, record))) {
      throw unprocessable({ base: ["Can't Approve: the invoice is a suspected duplicate (someone other than its creator must override it with a reason)"] });
    }
  },
  async facts(record, trx, ctx) {
    const numbers = ((record.debit_entries as { account_number: string }[] | null) ?? []).map((l) => l.account_number);
    return { ...recordFacts(record), accountIds: await accountIds(trx, ctx, numbers) };
  },
  submitted: (ctx) => ({ submit_date: isoDate(), submitted_by_id: ctx.user.id }),
  // spec glossary: an approved invoice with payments is OPEN
  approvedStatus: (record) => (money(String(record.payments_sum ?? "0")).gt(0) ? "OPEN" : "APPROVED"),
  // a rejected invoice bills its purchase orders no more (and a resubmitted one again)
  async moved(record, _status, trx) {
    await settleInvoice(trx, record.id as number);
  },
  // approved: debit the GL coding's expense accounts, credit AP (never twice; see invoice_ledger.ts)
  onApproved: postInvoiceApproval,
};
