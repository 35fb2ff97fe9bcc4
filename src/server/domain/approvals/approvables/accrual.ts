/**
 * Accruals in the approval engine (issue 15): NEW or REJECTED → submit → PENDING → APPROVED or
 * REJECTED. AMOUNT, SUBSIDIARY, VENDOR, ACCOUNT and INVOICE_PO triggers see the accrual's amount,
 * subsidiary, vendor, expense account and purchase order. Approval books nothing: posting to the
 * journal is its own action once approved (accrual-ledger.ts).
 */
import { accountIds, recordFacts } from "./facts.js";
import type { Engine } from "./index.js";

export const accrualEngine: Engine = {
  resource: "accruals",
  requester: "submitter_contact_id",
  async facts(record, trx, ctx) {
    return { ...recordFacts(record), accountIds: await accountIds(trx, ctx, record.account_number ? [String(record.account_number)] : []) };
  },
  restartOn: ["amount", "vendor_id", "account_number", "subsidiary_id", "date", "currency_code", "purchase_order_id"],
  // what will be posted changed after the approval: approved again before it is posted
  reapprove: { fields: ["amount", "vendor_id", "account_number", "date", "currency_code"], statuses: ["APPROVED"] },
  approvedStatus: () => "APPROVED",
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
};
