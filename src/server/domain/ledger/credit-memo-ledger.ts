/**
 * The journal of a vendor credit (a payments row, record_type CREDIT), through the central `post()`:
 * - approved (AVAILABLE): debit Accounts Payable, credit the accounts of its GL coding (uncoded: 5000);
 * - voided with nothing applied or refunded: the reversal of what it posted (reversePayment);
 * - refunded by the vendor: debit the receiving bank's GL account, credit Accounts Payable.
 * Applying it to invoices posts nothing: both sides are in Accounts Payable (docs/payables.md).
 */
import { isoDate } from "../../../framework/dates.js";
import { round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";
import {
  account, accountsByNumber, entryNumber, inFunctional, ledgerAccountNumbers, netByAccount, post, reversalLines, type JournalEntry, type JournalLine,
} from "./ledger.js";

export interface CreditForLedger {
  id: number;
  payment_number: string;
  payment_date: string;
  amount: string;
  currency_code: string;
  exchange_rate: string;
  debit_entries?: readonly { account_number: string; amount: string }[] | null;
}

const sourceOf = (id: number) => ({ type: "Payment" as const, id });

/** The approval lines of a credit: debit AP the amount, credit its coded accounts (or 5000), in the functional currency. */
export function creditMemoApprovalLines(credit: CreditForLedger, accounts: ReadonlyMap<string, number>): JournalLine[] {
  const what = `credit memo ${credit.payment_number}`;
  const coding = credit.debit_entries?.length ? credit.debit_entries : [{ account_number: ledgerAccountNumbers.creditMemoExpense, amount: credit.amount }];
  return inFunctional([
    { account_id: account(accounts, ledgerAccountNumbers.payable, what), debit_amount: round(credit.amount) },
    ...coding.map((line) => ({ account_id: account(accounts, line.account_number, what), credit_amount: round(line.amount) })),
  ], { code: credit.currency_code, rate: String(credit.exchange_rate) });
}

async function postedOf(trx: DB, companyId: number, creditId: number) {
  return trx.selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount"]).where("company_id", "=", companyId)
    .where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", creditId).execute();
}

const sameNet = (a: Map<number, string>, b: Map<number, string>) => a.size === b.size && [...a].every(([id, amount]) => b.get(id) === amount);

/**
 * Post the approval of a (locked) credit in the approving transaction (the CreditMemo engine's
 * onApproved). Never twice: what is posted already is compared with what the approval should post,
 * as for invoices; a difference is reversed first, so the journal nets to one approval.
 */
export async function postCreditMemoApproval(trx: DB, ctx: Ctx, record: Row): Promise<void> {
  const credit = record as unknown as CreditForLedger;
  const lines = creditMemoApprovalLines(credit, await accountsByNumber(trx, ctx.company.id));
  const posted = await postedOf(trx, ctx.company.id, credit.id);
  const before = netByAccount(posted);
  if (sameNet(before, netByAccount(lines))) return;
  const source = sourceOf(credit.id);
  const entries: JournalEntry[] = [];
  const next = () => entryNumber(ctx.company.id, source, new Set(posted.map((l) => l.entry_number)).size + entries.length + 1);
  if (before.size > 0) entries.push({ entry_number: next(), date: isoDate(), description: `Reversal before re-approval of vendor credit ${credit.payment_number}`, source, lines: reversalLines(before) });
  entries.push({ entry_number: next(), date: credit.payment_date, description: `Vendor credit ${credit.payment_number}`, source, lines });
  await post(trx, ctx.company.id, entries);
}

/** A refund received for a credit: debit the bank GL account it came into, credit Accounts Payable (the credit's rate). */
export async function postCreditRefund(trx: DB, ctx: Ctx, credit: CreditForLedger, refund: { id: number; date: string; amount: string }, bankAccountId: number): Promise<void> {
  const accounts = await accountsByNumber(trx, ctx.company.id);
  const posted = await postedOf(trx, ctx.company.id, credit.id);
  const source = sourceOf(credit.id);
  await post(trx, ctx.company.id, [{
    entry_number: entryNumber(ctx.company.id, source, new Set(posted.map((l) => l.entry_number)).size + 1), date: refund.date,
    description: `Refund of vendor credit ${credit.payment_number}`, source,
    lines: inFunctional([
      { account_id: bankAccountId, debit_amount: round(refund.amount) },
      { account_id: account(accounts, ledgerAccountNumbers.payable, `credit refund ${refund.id}`), credit_amount: round(refund.amount) },
    ], { code: credit.currency_code, rate: String(credit.exchange_rate) }),
  }]);
}
