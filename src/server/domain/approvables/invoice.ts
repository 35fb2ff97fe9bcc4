/** Invoices in the approval engine: GL coding required; approved → APPROVED, or OPEN once paid in part, and posted to the ledger. */
import { money } from "../../../framework/money.js";
import { unprocessable } from "../../http/errors.js";
import { postInvoiceApproval } from "../invoice_ledger.js";
import { codingValid } from "../invoices.js";
import type { Engine } from "./index.js";

export const invoiceEngine: Engine = {
  resource: "invoices",
  check(record, action) {
    if (!codingValid(record.amount, record.debit_entries)) {
      throw unprocessable({ base: [action === "approve" ? "Can't Approve: GL coding required" : "Can't Submit: GL coding required"] });
    }
  },
  async facts(record, trx, ctx) {
    const numbers = ((record.debit_entries as { account_number: string }[] | null) ?? []).map((l) => l.account_number);
    const accounts = numbers.length
      ? await trx.selectFrom("accounts").select("id").where("company_id", "=", ctx.company.id).where("number", "in", numbers).execute()
      : [];
    return { amount: String(record.amount), subsidiaryId: record.subsidiary_id as number | null, vendorId: record.vendor_id as number, accountIds: accounts.map((a) => a.id as number) };
  },
  // spec glossary: an approved invoice with payments is OPEN
  approvedStatus: (record) => (money(String(record.payments_sum ?? "0")).gt(0) ? "OPEN" : "APPROVED"),
  rejectedStatus: "REJECTED",
  pendingStatus: "PENDING",
  // approved: debit the GL coding's expense accounts, credit AP (never twice; see invoice_ledger.ts)
  onApproved: postInvoiceApproval,
  writes: ["account_transactions"],
};
