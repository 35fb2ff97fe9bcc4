/**
 * The journal entry of an approved expense report: debit the reimbursed expense (6300 Travel & Meals),
 * credit Employee Reimbursements Payable (2150) — what the company owes the employee from approval on;
 * the payment run's entry clears it against the bank (runs/process.ts). Posted by the expense report
 * approval engine (Engine.onApproved), in the approving transaction. Once: an approved report's items
 * no longer change, and a report that already has its entry gets no second one.
 */
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";
import { accountsByNumber, entryNumber, inFunctional, ledgerAccountNumbers, post, type JournalEntry } from "../ledger/ledger.js";
import { round } from "../../../framework/money.js";

export function expenseReportEntry(report: Row, companyId: number, accounts: ReadonlyMap<string, number>): JournalEntry {
  const source = { type: "ExpenseReport" as const, id: report.id as number };
  const account = (number: string) => {
    const id = accounts.get(number);
    if (id === undefined) throw new Error(`expense report ${String(report.number)}: no account ${number} in the chart of accounts`);
    return id;
  };
  const amount = round(String(report.amount));
  return {
    entry_number: entryNumber(companyId, source, 1), date: String(report.submit_date ?? report.date), description: `Expense report ${String(report.number)}`, source,
    // in the functional currency at the report's rate (converted_amount), the report's own amount kept
    lines: inFunctional([
      { account_id: account(ledgerAccountNumbers.reimbursedExpense), debit_amount: amount },
      { account_id: account(ledgerAccountNumbers.employeeReimbursements), credit_amount: amount },
    ], { code: String(report.currency_code), rate: String(report.exchange_rate) }),
  };
}

export async function postExpenseReportApproval(trx: DB, ctx: Ctx, record: Row): Promise<void> {
  const posted = await trx.selectFrom("account_transactions").select("id").where("company_id", "=", ctx.company.id)
    .where("account_transactionable_type", "=", "ExpenseReport").where("account_transactionable_id", "=", record.id as number).executeTakeFirst();
  if (posted || record.reimbursable !== true) return;
  await post(trx, ctx.company.id, [expenseReportEntry(record, ctx.company.id, await accountsByNumber(trx, ctx.company.id))]);
}
