/**
 * Demo data of the general ledger, per company: the chart of accounts (seeded first: originating
 * accounts link to its bank accounts) and, once invoices and payments exist, their journal — posted
 * with the functions the application posts with (domain/ledger/ledger.ts):
 * - every approved, open, paid or closed invoice: its approval entry (GL coding debited, AP credited);
 * - every payment that moved money (PROCESSING, CLEARED, reissued): AP debited, the bank GL account
 *   of its originating account credited;
 * - every vendor credit that became AVAILABLE (still AVAILABLE or APPLIED): AP debited, expense credited.
 * Failed, voided and rejected payments post nothing (they never moved money).
 */
import type { DB } from "../db/connect.js";
import { accountsByNumber, creditMemoEntry, entryNumber, invoiceApprovalLines, paymentEntry, post, type InvoiceForLedger, type JournalEntry, type PaymentForLedger } from "../domain/ledger/ledger.js";
import { fxAccounts } from "../domain/ledger/fx.js";
import { insertMany } from "./demo.js";
import type { EntitySeed } from "./entities.js";

interface AccountSeed { number: string; name: string; type: string; parent?: string; status?: string }

export const chartOfAccounts: readonly AccountSeed[] = [
  { number: "1000", name: "Operating Bank Account", type: "Bank" },
  { number: "1010", name: "Payroll Bank Account", type: "Bank" },
  { number: "1020", name: "Disbursement Bank Account", type: "Bank" },
  { number: "1200", name: "Accounts Receivable", type: "Asset" },
  { number: "1500", name: "Office Equipment", type: "Asset" },
  { number: "2000", name: "Accounts Payable", type: "Liability" },
  { number: "2100", name: "Accrued Liabilities", type: "Liability" },
  { number: "2150", name: "Employee Reimbursements Payable", type: "Liability" },
  { number: "2200", name: "Corporate Card Liability", type: "Liability" },
  { number: "3000", name: "Owner's Equity", type: "Equity" },
  { number: "3100", name: "Retained Earnings", type: "Equity" },
  { number: "4000", name: "Sales Revenue", type: "Income" },
  { number: "4100", name: "Interest Income", type: "Income" },
  { number: "5000", name: "Operating Expenses", type: "Expense" },
  { number: "6000", name: "Office Supplies", type: "Expense", parent: "5000" },
  { number: "6100", name: "Software & Subscriptions", type: "Expense", parent: "5000" },
  { number: "6200", name: "Professional Services", type: "Expense", parent: "5000" },
  { number: "6300", name: "Travel & Meals", type: "Expense", parent: "5000" },
  { number: "6400", name: "Rent & Facilities", type: "Expense", parent: "5000" },
  { number: "6500", name: "Utilities & Telecom", type: "Expense", parent: "5000" },
  { number: "6600", name: "Marketing", type: "Expense", parent: "5000" },
  { number: "6900", name: "Miscellaneous Expense", type: "Expense", parent: "5000", status: "INACTIVE" },
  // exchange differences (domain/ledger/fx.ts): realized on payment, unrealized at period-end revaluation
  ...fxAccounts.map((a) => ({ number: a.number, name: a.name, type: a.type })),
];

/** The bank GL accounts of the company's two originating accounts (main, second), by number. */
export const originatingBankAccounts = ["1000", "1020"] as const;

export const chartSeed: EntitySeed = async (db, { companyId }) => {
  const ids = new Map<string, number>();
  for (const parentFirst of [false, true]) {
    const rows = chartOfAccounts.filter((a) => Boolean(a.parent) === parentFirst);
    const inserted = await insertMany(db, "accounts", rows.map((a) => ({
      company_id: companyId, number: a.number, name: a.name, account_type_name: a.type, status: a.status ?? "ACTIVE",
      parent_id: a.parent ? ids.get(a.parent) : null,
    })));
    rows.forEach((a, i) => ids.set(a.number, inserted[i].id));
  }
};

/** Invoices that have reached the books: approved, open, paid or closed. */
const postedStatuses = ["APPROVED", "OPEN", "PAID", "CLOSED"];
const movedMoney = ["PROCESSING", "CLEARED", "PROCESSING (REISSUED)", "CLEARED (REISSUED)"];
const creditPosted = ["AVAILABLE", "APPLIED"];

async function bankAccountsOfOriginating(db: DB, companyId: number): Promise<{ byMethod: Map<number, number>; fallback: number }> {
  const rows = await db.selectFrom("payment_methods").select(["id", "account_id", "is_default"]).where("company_id", "=", companyId)
    .where("owner_type", "=", "Company").where("account_id", "is not", null).orderBy("id").execute();
  const byMethod = new Map(rows.map((r) => [r.id, r.account_id as number]));
  return { byMethod, fallback: (rows.find((r) => r.is_default) ?? rows[0]).account_id as number };
}

export const journalSeed: EntitySeed = async (db, { companyId }) => {
  const accounts = await accountsByNumber(db, companyId);
  const banks = await bankAccountsOfOriginating(db, companyId);
  // invoices approved by the demo's approval chains were posted by the engine already
  const invoices = await db.selectFrom("invoices").select(["id", "number", "date", "amount", "currency_code", "exchange_rate", "debit_entries"])
    .where("company_id", "=", companyId).where("status", "in", postedStatuses)
    .where("id", "not in", db.selectFrom("account_transactions").select("account_transactionable_id")
      .where("company_id", "=", companyId).where("account_transactionable_type", "=", "Invoice"))
    .orderBy("id").execute();
  const entries: JournalEntry[] = (invoices as unknown as InvoiceForLedger[]).map((invoice) => {
    const source = { type: "Invoice" as const, id: invoice.id };
    return { entry_number: entryNumber(companyId, source, 1), date: invoice.date, description: `Invoice ${invoice.number}`, source, lines: invoiceApprovalLines(invoice, accounts) };
  });
  const payments = await db.selectFrom("payments").select(["id", "payment_number", "payment_date", "amount", "currency_code", "exchange_rate", "record_type", "status", "payment_method_from_id"])
    .where("company_id", "=", companyId).where((eb) => eb.or([
      eb.and([eb("record_type", "=", "DEBIT"), eb("status", "in", movedMoney)]),
      eb.and([eb("record_type", "=", "CREDIT"), eb("status", "in", creditPosted)]),
    ])).orderBy("id").execute();
  for (const payment of payments) {
    const row = payment as unknown as PaymentForLedger;
    entries.push(payment.record_type === "CREDIT"
      ? creditMemoEntry(row, companyId, accounts)
      : paymentEntry(row, companyId, accounts, banks.byMethod.get(payment.payment_method_from_id as number) ?? banks.fallback));
  }
  await post(db, companyId, entries);
};
