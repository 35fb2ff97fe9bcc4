/**
 * Credit memos: payment records with record_type CREDIT (data-spec 4, vendor credit: NEW in the inbox
 * → PENDING → AVAILABLE or REJECTED). Submitted from the credit-memo inbox; vendor_credits sees them
 * in every approval state. Controls as invoices: a coding that adds up, re-approval when the amount or
 * coding changes, and the approval posted in the approving transaction (ledger/credit-memo-ledger.ts).
 */
import { isoDate } from "../../../../framework/dates.js";
import { money, sum } from "../../../../framework/money.js";
import { unprocessable } from "../../../errors.js";
import { postCreditMemoApproval } from "../../ledger/credit-memo-ledger.js";
import { recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const creditMemoApproval: ApprovalBehaviour = {
  owns: (record) => record.record_type === "CREDIT",
  check(record, action) {
    const coding = (record.debit_entries as { amount: string }[] | null) ?? [];
    if (coding.length > 0 && !money(sum(coding.map((l) => l.amount))).eq(String(record.amount))) {
      throw unprocessable({ base: [`Can't ${action === "approve" ? "Approve" : "Submit"}: the GL coding lines must add up to the credit amount`] });
    }
  },
  facts: async (record) => recordFacts(record),
  submitted: (ctx) => ({ submit_date: isoDate(), submitter_id: ctx.contact.id }),
  // approved: debit AP, credit the coded accounts (never twice)
  onApproved: postCreditMemoApproval,
};
