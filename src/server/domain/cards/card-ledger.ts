/**
 * The journal of card spend (docs/cards.md): a cleared transaction debits the expense account of its
 * coding (Operating Expenses while uncoded) and credits the card liability; a paid statement debits the
 * card liability and credits the bank.
 */
import { round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { account, accountsByNumber, bankAccountOf, entryNumber, inFunctional, ledgerAccountNumbers, post, type JournalEntry } from "../ledger/ledger.js";

export interface ClearedTransaction {
  id: number;
  vendor_name: string;
  posted_amount: string;
  posted_date: string;
  account_code: string | null;
  currency_code: string;
  exchange_rate: string;
}

/** Post the cleared transactions' entries, one statement for all of them. */
export async function postCardSpend(trx: DB, companyId: number, cleared: readonly ClearedTransaction[]): Promise<void> {
  if (cleared.length === 0) return;
  const accounts = await accountsByNumber(trx, companyId);
  const entries = cleared.map((t): JournalEntry => {
    const source = { type: "CardTransaction" as const, id: t.id };
    const what = `card transaction ${t.id}`;
    const expense = t.account_code && accounts.has(t.account_code) ? t.account_code : ledgerAccountNumbers.uncodedCardSpend;
    return {
      entry_number: entryNumber(companyId, source, 1), date: t.posted_date, description: `Card purchase at ${t.vendor_name}`, source,
      lines: inFunctional([
        { account_id: account(accounts, expense, what), debit_amount: round(t.posted_amount) },
        { account_id: account(accounts, ledgerAccountNumbers.cardLiability, what), credit_amount: round(t.posted_amount) },
      ], { code: t.currency_code, rate: t.exchange_rate }),
    };
  });
  await post(trx, companyId, entries);
}

/** A statement paid: debit the card liability, credit the company's default bank GL account. */
export async function postStatementPayment(trx: DB, companyId: number, statement: { id: number; close_date: string }, amount: string, date: string): Promise<void> {
  const accounts = await accountsByNumber(trx, companyId);
  const source = { type: "Statement" as const, id: statement.id };
  const bank = await bankAccountOf(trx, companyId, null);
  await post(trx, companyId, [{
    entry_number: entryNumber(companyId, source, 1), date, description: `Card statement closed ${statement.close_date} paid`, source,
    lines: [
      { account_id: account(accounts, ledgerAccountNumbers.cardLiability, `statement ${statement.id}`), debit_amount: round(amount) },
      { account_id: bank, credit_amount: round(amount) },
    ],
  }]);
}
