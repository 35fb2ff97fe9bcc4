/**
 * Accruals in the approval engine (issue 15): NEW or REJECTED → submit → PENDING → APPROVED or
 * REJECTED. AMOUNT, SUBSIDIARY, VENDOR, ACCOUNT and INVOICE_PO triggers see the accrual's amount,
 * subsidiary, vendor, expense account and purchase order. Approval books nothing: posting to the
 * journal is its own action once approved (accrual-ledger.ts).
 */
import { accountIds, recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const accrualApproval: ApprovalBehaviour = {
  async facts(record, trx, ctx) {
    return { ...recordFacts(record), accountIds: await accountIds(trx, ctx, record.account_number ? [String(record.account_number)] : []) };
  },
};
