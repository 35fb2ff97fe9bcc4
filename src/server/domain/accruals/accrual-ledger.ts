/**
 * An accrual's journal (docs/accruals.md). Post (APPROVED → OPEN): on the accrual's date, debit its
 * expense account, credit Accrued Liabilities. Reverse: the posting's lines the other way, once — on
 * day 1 of the next period by the reversal job when auto_reverse, or by hand. Close (→ CLOSED):
 * releases what is still on the books the same way on the close date (nothing when reversed before
 * or never posted). Matching invoices writes no journal line: an invoice posts its own expense when
 * approved, and the accrual's estimate leaves the books by its reversal or its close.
 * Transaction contract: each runs in the action's transaction on the locked accrual; the reversal job
 * claims its accruals with FOR UPDATE SKIP LOCKED and a `reversed_on is null` guard in one
 * transaction, so a second run (or a second process) reverses nothing twice.
 */
import dayjs from "dayjs";
import { sql } from "kysely";
import { isoDate } from "../../../framework/dates.js";
import { round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { insertRows } from "../../db/bulk.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { unprocessable } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import type { ActionHandler } from "../../resources/modules.js";
import { accountsByNumber, entryNumber, ledgerAccountNumbers, netByAccount, post, reversalLines, type JournalEntry } from "../ledger/ledger.js";
import { refreshAccrualSummary } from "./accrual-summary.js";

/** an accrual row: id, number, amount, date, account_number */
type Accrual = Row;

const source = (accrual: Accrual) => ({ type: "Accrual" as const, id: accrual.id as number });

/** Debit the accrual's expense account, credit Accrued Liabilities, on the accrual's date (`accounts`: accountsByNumber). */
export function postingEntry(companyId: number, accrual: Accrual, accounts: ReadonlyMap<string, number>): JournalEntry {
  const expense = accrual.account_number ? accounts.get(String(accrual.account_number)) : undefined;
  if (expense === undefined) throw unprocessable({ account_number: ["choose the expense account of the chart of accounts the accrual is posted to"] });
  const liabilities = accounts.get(ledgerAccountNumbers.accruedLiabilities);
  if (liabilities === undefined) throw unprocessable({ base: [`the chart of accounts has no account ${ledgerAccountNumbers.accruedLiabilities} (Accrued Liabilities)`] });
  const amount = round(String(accrual.amount));
  return {
    entry_number: entryNumber(companyId, source(accrual), 1), date: String(accrual.date), description: `Accrual ${String(accrual.number)}`, source: source(accrual),
    lines: [{ account_id: expense, debit_amount: amount }, { account_id: liabilities, credit_amount: amount }],
  };
}

/** The posting the other way round on `date`, the accrual's entry number `n` (the demo seed's reversals and closes). */
export const reversalOf = (companyId: number, entry: JournalEntry, n: number, date: string, what: string): JournalEntry => ({
  ...entry, entry_number: entryNumber(companyId, entry.source, n), date, description: `${what} of ${entry.description.toLowerCase()}`,
  lines: entry.lines.map((l) => ({ account_id: l.account_id, debit_amount: l.credit_amount, credit_amount: l.debit_amount })),
});

/** The entry bringing the accrual's journal back to zero on `date`; none when it nets to zero already. */
async function reversalEntries(trx: DB, companyId: number, accrual: Accrual, date: string, what: string): Promise<JournalEntry[]> {
  const posted = await trx.selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount"])
    .where("company_id", "=", companyId).where("account_transactionable_type", "=", "Accrual").where("account_transactionable_id", "=", accrual.id as number).execute();
  const net = netByAccount(posted);
  if (net.size === 0) return [];
  const entries = new Set(posted.map((l) => l.entry_number)).size;
  return [{ entry_number: entryNumber(companyId, source(accrual), entries + 1), date, description: `${what} of accrual ${String(accrual.number)}`, source: source(accrual), lines: reversalLines(net) }];
}

/** The date an action gives (default today), never before the accrual's own. */
function journalDate(input: Row, accrual: Row): string {
  const date = typeof input.date === "string" ? input.date : isoDate();
  if (date < String(accrual.date)) throw unprocessable({ date: [`cannot be before the accrual's date ${String(accrual.date)}`] });
  return date;
}

export const postAccrual: ActionHandler = async ({ row, ctx }) => {
  const entry = postingEntry(ctx.company.id, row, await accountsByNumber(ctx.db, ctx.company.id));
  await post(ctx.db, ctx.company.id, [entry]);
  await ctx.db.updateTable("accruals").set({ status: "OPEN", posted_on: entry.date, updated_at: new Date() }).where("id", "=", row.id as number).execute();
  await refreshAccrualSummary(ctx.db, ctx.company.id);
};

export const reverseAccrual: ActionHandler = async ({ row, input, ctx }) => {
  const date = journalDate(input, row);
  await post(ctx.db, ctx.company.id, await reversalEntries(ctx.db, ctx.company.id, row, date, "Reversal"));
  await ctx.db.updateTable("accruals").set({ reversed_on: date, updated_at: new Date() }).where("id", "=", row.id as number).execute();
  await refreshAccrualSummary(ctx.db, ctx.company.id);
};

export const closeAccrual: ActionHandler = async ({ row, input, ctx }) => {
  const date = journalDate(input, row);
  if (row.reversed_on && date < String(row.reversed_on)) throw unprocessable({ date: [`cannot be before the reversal on ${String(row.reversed_on)}`] });
  await post(ctx.db, ctx.company.id, await reversalEntries(ctx.db, ctx.company.id, row, date, "Close"));
  await ctx.db.updateTable("accruals").set({ status: "CLOSED", closed_on: date, updated_at: new Date() }).where("id", "=", row.id as number).execute();
  await refreshAccrualSummary(ctx.db, ctx.company.id);
};

/** Day 1 of the period after `date`. */
export const nextPeriodStart = (date: string): string => dayjs(date).startOf("month").add(1, "month").format("YYYY-MM-DD");

/**
 * The reversal job's run as of `today` (YYYY-MM-DD): every OPEN auto_reverse accrual not yet reversed
 * whose next period has begun is reversed on that period's day 1. Returns the ids it reversed.
 */
export async function runAccrualReversals(db: DB, today: string = isoDate()): Promise<number[]> {
  return inTransaction({ db }, async (trx) => {
    const due = await trx.selectFrom("accruals").select(["id", "company_id", "number", "amount", "date", "account_number"])
      .where("status", "=", "OPEN").where("auto_reverse", "=", true).where("posted_on", "is not", null).where("reversed_on", "is", null)
      .where(sql<boolean>`(date_trunc('month', date) + interval '1 month')::date <= ${today}::date`)
      .orderBy("id").forUpdate().skipLocked().execute();
    const byCompany = new Map<number, typeof due>();
    for (const accrual of due) byCompany.set(accrual.company_id, [...(byCompany.get(accrual.company_id) ?? []), accrual]);
    for (const [companyId, rows] of byCompany) {
      const entries = [];
      for (const accrual of rows) {
        const date = nextPeriodStart(String(accrual.date));
        entries.push(...(await reversalEntries(trx, companyId, accrual, date, "Reversal")));
        await trx.updateTable("accruals").set({ reversed_on: date, updated_at: new Date() }).where("id", "=", accrual.id).execute();
      }
      await post(trx, companyId, entries);
      // audited as the recurring-invoice run is: no user
      await insertRows(trx, "activities", rows.map((a) => ({
        company_id: companyId, event: "update", item_type: "accruals", item_id: a.id, user_id: null,
        changes: JSON.stringify({ reversed_on: nextPeriodStart(String(a.date)), by: "accrual reversal job" }),
      })));
      await refreshAccrualSummary(trx, companyId);
    }
    return due.map((a) => a.id);
  });
}
