/**
 * The general ledger: posting balanced journal entries, account balances, and the journal lines'
 * account and source fields. Entries are posted by domain code (and the demo seed), never through the API.
 */
import { sql } from "kysely";
import { money, round, sum } from "../../framework/money.js";
import type { DB } from "../db/connect.js";
import type { Ctx, Row } from "../resources/context.js";
import type { ResourceHooks } from "./hooks.js";
import { checkParent, referenceTitles } from "./lookups.js";

export interface JournalLine {
  account_id: number;
  debit_amount?: string;
  credit_amount?: string;
  description?: string;
}

export interface JournalEntry {
  entry_number: string;
  date: string;
  description: string;
  source: { type: "Invoice" | "Accrual" | "Payment" | "Purchase"; id: number };
  lines: readonly JournalLine[];
}

/** An entry's debits must equal its credits; amounts are never negative. */
export function assertBalanced(entry: JournalEntry): void {
  const debits = sum(entry.lines.map((l) => l.debit_amount ?? "0"));
  const credits = sum(entry.lines.map((l) => l.credit_amount ?? "0"));
  if (debits !== credits) throw new Error(`journal entry ${entry.entry_number} does not balance: debits ${debits}, credits ${credits}`);
  if (entry.lines.some((l) => money(l.debit_amount ?? "0").isNegative() || money(l.credit_amount ?? "0").isNegative())) {
    throw new Error(`journal entry ${entry.entry_number} has a negative amount`);
  }
}

/** The rows of balanced entries, ready to insert into account_transactions. */
export function journalRows(companyId: number, entries: readonly JournalEntry[]): Row[] {
  return entries.flatMap((entry) => {
    assertBalanced(entry);
    return entry.lines.map((line) => ({
      company_id: companyId, date: entry.date, entry_number: entry.entry_number, account_id: line.account_id,
      description: line.description ?? entry.description, debit_amount: round(line.debit_amount ?? "0"), credit_amount: round(line.credit_amount ?? "0"),
      account_transactionable_type: entry.source.type, account_transactionable_id: entry.source.id,
    }));
  });
}

export async function post(trx: DB, companyId: number, entries: readonly JournalEntry[]): Promise<void> {
  const rows = journalRows(companyId, entries);
  for (let i = 0; i < rows.length; i += 400) await trx.insertInto("account_transactions").values(rows.slice(i, i + 400)).execute();
}

export interface InvoiceForLedger {
  id: number;
  number: string;
  date: string;
  amount: string;
  payments_sum: string;
  debit_entries: readonly { account_number: string; amount: string }[];
}

/** Accounts an invoice posts to: expense accounts by number, Accounts Payable, and the paying bank account. */
export interface LedgerAccounts {
  byNumber: ReadonlyMap<string, number>;
  payable: number;
  bank: number;
}

/**
 * An invoice's entries: when it is approved, debit the expense accounts of its GL coding and credit
 * Accounts Payable; for what has been paid, debit Accounts Payable and credit the bank.
 */
export function invoiceEntries(invoice: InvoiceForLedger, accounts: LedgerAccounts, entryNumber: (n: number) => string): JournalEntry[] {
  const source = { type: "Invoice" as const, id: invoice.id };
  const entries: JournalEntry[] = [{
    entry_number: entryNumber(0), date: invoice.date, description: `Invoice ${invoice.number}`, source,
    lines: [
      ...invoice.debit_entries.map((line) => {
        const account = accounts.byNumber.get(line.account_number);
        if (account === undefined) throw new Error(`invoice ${invoice.number}: no account ${line.account_number}`);
        return { account_id: account, debit_amount: line.amount };
      }),
      { account_id: accounts.payable, credit_amount: invoice.amount },
    ],
  }];
  if (money(invoice.payments_sum).gt(0)) {
    entries.push({
      entry_number: entryNumber(1), date: invoice.date, description: `Payment of invoice ${invoice.number}`, source,
      lines: [{ account_id: accounts.payable, debit_amount: invoice.payments_sum }, { account_id: accounts.bank, credit_amount: invoice.payments_sum }],
    });
  }
  return entries;
}

export const accountHooks: ResourceHooks = {
  async decorate(rows, ctx: Ctx) {
    if (rows.length === 0) return;
    const totals = await ctx.db.selectFrom("account_transactions").select(["account_id", sql<string>`(sum(debit_amount) - sum(credit_amount))::numeric(18,2)::text`.as("balance")])
      .where("company_id", "=", ctx.company.id).where("account_id", "in", rows.map((r) => r.id as number)).groupBy("account_id").execute();
    const balances = new Map(totals.map((t) => [t.account_id as number, t.balance as string]));
    for (const row of rows) {
      row.balance = balances.get(row.id as number) ?? "0.00";
      row.fullname = `${String(row.number)} - ${String(row.name)}`;
    }
  },
  async beforeUpdate(data, existing, ctx, trx) {
    if ("parent_id" in data) await checkParent(trx, "accounts", ctx.company.id, existing.id as number, data.parent_id);
  },
};

export const accountTransactionHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const titles = await referenceTitles(ctx, rows.map((r) => ({ type: r.account_transactionable_type, id: r.account_transactionable_id })));
    for (const row of rows) {
      const account = row.account as Row | null;
      row.account_number = account?.number ?? null;
      row.account_name = account?.name ?? null;
      row.account_fullname = account ? `${String(account.number)} - ${String(account.name)}` : null;
      row.amount = round(money(String(row.debit_amount)).minus(String(row.credit_amount)));
      row.source_number = titles.get(`${String(row.account_transactionable_type)}:${String(row.account_transactionable_id)}`) ?? null;
    }
  },
};
