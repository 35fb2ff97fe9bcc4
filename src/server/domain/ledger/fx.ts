/**
 * Exchange differences (docs/currency.md "Exchange differences", docs/ledger.md).
 *
 * Realized: an invoice credits Accounts Payable at its own rate; the payment (or vendor credit) that
 * settles it debits AP at the payment's rate. For each amount applied to a foreign invoice the
 * difference round(applied × payment rate) − round(applied × invoice rate) is posted in one entry of
 * the payment: a positive difference (AP debited more than it was credited: the currency rose, a loss)
 * debits Realized exchange gain/loss (7900) and credits AP; a negative one the other way. AP for a
 * fully settled invoice then nets to zero in the functional currency. A payment's reversal (failed,
 * voided) nets every line of the payment, so it takes the difference back too.
 *
 * Unrealized: at a period's end, each open foreign invoice balance (and available vendor credit) is
 * revalued at the period-end rate against its booked rate; the net goes to Unrealized exchange
 * gain/loss (7910) against AP, dated the period's last day, and is reversed on day 1 of the next
 * period (the revaluation job, or at once when that day has come).
 */
import dayjs from "dayjs";
import Decimal from "decimal.js";
import { sql } from "kysely";
import { isoDate } from "../../../framework/dates.js";
import { money, round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { insertRows } from "../../db/bulk.js";
import { HttpError } from "../../errors.js";
import { rateOn } from "./exchange-rates.js";
import { accountsByNumber, entryNumber, ledgerAccountNumbers, netByAccount, post, reversalLines, type JournalEntry, type JournalLine } from "./ledger.js";
import { nextMonthStart, type PeriodRow } from "./periods.js";

/** The exchange-difference accounts every chart carries (created with the company, and on first use where missing). */
export const fxAccounts = [
  { number: "7900", name: "Realized Exchange Gain/Loss", type: "Expense" },
  { number: "7910", name: "Unrealized Exchange Gain/Loss", type: "Expense" },
] as const;
export const fxAccountNumbers = { realized: "7900", unrealized: "7910" } as const;

/** Create the exchange-difference accounts the company's chart lacks; returns the chart by number. */
export async function ensureFxAccounts(trx: DB, companyId: number): Promise<Map<string, number>> {
  const accounts = await accountsByNumber(trx, companyId);
  const missing = fxAccounts.filter((a) => !accounts.has(a.number));
  if (missing.length === 0) return accounts;
  await trx.insertInto("accounts").values(missing.map((a) => ({ company_id: companyId, number: a.number, name: a.name, account_type_name: a.type, status: "ACTIVE" })))
    .onConflict((oc) => oc.columns(["company_id", "number"]).doNothing()).execute();
  return accountsByNumber(trx, companyId);
}

/** The lines moving `difference` (functional currency; positive = a loss on a liability) between `fxAccount` and AP. */
export function differenceLines(difference: Decimal, fxAccount: number, payable: number, description: string): JournalLine[] {
  if (difference.isZero()) return [];
  const amount = round(difference.abs());
  return difference.isPositive()
    ? [{ account_id: fxAccount, debit_amount: amount, description }, { account_id: payable, credit_amount: amount, description }]
    : [{ account_id: payable, debit_amount: amount, description }, { account_id: fxAccount, credit_amount: amount, description }];
}

/** round(applied × settling rate) − round(applied × invoice rate): the realized difference of one application. */
export const realizedDifference = (applied: string, settlingRate: string, invoiceRate: string): Decimal =>
  money(round(money(applied).times(settlingRate))).minus(round(money(applied).times(invoiceRate)));

export interface SettlingPayment {
  id: number;
  payment_number: string;
  payment_date: string;
  exchange_rate: string;
}

/**
 * The realized-difference entries of payments just posted (entry `entryIndex` of each, after its
 * payment entry): one per payment whose linked invoices were booked at another rate. Set-based: one
 * query for all the payments' links.
 */
export async function realizedDifferenceEntries(trx: DB, companyId: number, payments: readonly SettlingPayment[], entryIndex = 2): Promise<JournalEntry[]> {
  if (payments.length === 0) return [];
  const links = await trx.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["l.payment_id", "l.amount", "i.exchange_rate", "i.number"]).where("l.company_id", "=", companyId)
    .where(sql<boolean>`l.payment_id = any(${sql.val(payments.map((p) => p.id))}::int[])`).orderBy("l.id").execute();
  const byPayment = new Map(payments.map((p) => [p.id, p]));
  const differences = new Map<number, { total: Decimal; invoices: string[] }>();
  for (const link of links) {
    const payment = byPayment.get(link.payment_id)!;
    const difference = realizedDifference(String(link.amount), String(payment.exchange_rate), String(link.exchange_rate));
    if (difference.isZero()) continue;
    const own = differences.get(payment.id) ?? { total: money(0), invoices: [] };
    differences.set(payment.id, { total: own.total.plus(difference), invoices: [...own.invoices, String(link.number)] });
  }
  const changed = [...differences].filter(([, d]) => !d.total.isZero());
  if (changed.length === 0) return [];
  const accounts = await ensureFxAccounts(trx, companyId);
  const fx = accounts.get(fxAccountNumbers.realized)!;
  const payable = accounts.get(ledgerAccountNumbers.payable);
  if (payable === undefined) throw new Error(`no account ${ledgerAccountNumbers.payable} in the chart of accounts`);
  return changed.map(([id, d]) => {
    const payment = byPayment.get(id)!;
    const source = { type: "Payment" as const, id };
    const description = `Realized exchange difference, payment ${payment.payment_number} (invoices ${d.invoices.join(", ")})`;
    return { entry_number: entryNumber(companyId, source, entryIndex), date: payment.payment_date, description, source, lines: differenceLines(d.total, fx, payable, description) };
  });
}

/** Post the realized differences of payments just posted in the same call's transaction (runs/process.ts, ledger.postPayment). */
export async function postRealizedDifferences(trx: DB, companyId: number, payments: readonly SettlingPayment[]): Promise<void> {
  await post(trx, companyId, await realizedDifferenceEntries(trx, companyId, payments));
}

/**
 * A vendor credit applied to an invoice booked at another rate (payments/credits.ts applyCredit):
 * the credit debited AP at its rate, the invoice credited it at its own; the difference on the
 * applied amount is realized now, as the credit's next entry, dated the day of the application.
 */
export async function postCreditApplicationDifference(trx: DB, companyId: number,
  credit: { id: number; payment_number: unknown; exchange_rate: unknown }, invoice: { number: unknown; exchange_rate: unknown }, amount: string): Promise<void> {
  const difference = realizedDifference(amount, String(credit.exchange_rate), String(invoice.exchange_rate));
  if (difference.isZero()) return;
  const accounts = await ensureFxAccounts(trx, companyId);
  const payable = accounts.get(ledgerAccountNumbers.payable);
  if (payable === undefined) throw new Error(`no account ${ledgerAccountNumbers.payable} in the chart of accounts`);
  const source = { type: "Payment" as const, id: credit.id };
  const entries = await trx.selectFrom("account_transactions").select(sql<string>`count(distinct entry_number)::text`.as("n")).where("company_id", "=", companyId)
    .where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", credit.id).executeTakeFirst();
  const description = `Realized exchange difference, credit ${String(credit.payment_number)} applied to invoice ${String(invoice.number)}`;
  await post(trx, companyId, [{
    entry_number: entryNumber(companyId, source, Number(entries?.n ?? 0) + 1), date: isoDate(), description, source,
    lines: differenceLines(difference, accounts.get(fxAccountNumbers.realized)!, payable, description),
  }]);
}

// ---------------------------------------------------------------------------------------------
// period-end revaluation

export interface RevaluationLine { document: string; currency: string; balance: string; booked_rate: string; period_end_rate: string; difference: string }

/** The open foreign balances at `date` revalued at that day's rates; currencies without a rate are listed in `missingRates`. */
export async function revaluationOf(trx: DB, companyId: number, date: string): Promise<{ lines: RevaluationLine[]; missingRates: string[] }> {
  const company = await trx.selectFrom("companies").select("currency_code").where("id", "=", companyId).executeTakeFirstOrThrow();
  // invoices owe (a liability); available vendor credits are owed back (the other sign)
  const { rows } = await sql<{ kind: string; number: string; currency_code: string; balance: string; rate: string }>`
    select 'invoice' as kind, i.number, i.currency_code, i.balance_outstanding::text as balance, i.exchange_rate::text as rate
      from invoices i where i.company_id = ${companyId} and i.status in ('APPROVED', 'OPEN') and i.currency_code <> ${company.currency_code}
      and i.date <= ${date}::date and i.balance_outstanding > 0
    union all
    select 'credit', p.payment_number, p.currency_code, p.balance::text, p.exchange_rate::text
      from payments p where p.company_id = ${companyId} and p.record_type = 'CREDIT' and p.status = 'AVAILABLE' and p.currency_code <> ${company.currency_code}
      and p.payment_date <= ${date}::date and p.balance > 0
    order by 1, 2`.execute(trx);
  const rates = new Map<string, string | null>();
  for (const currency of new Set(rows.map((r) => r.currency_code))) rates.set(currency, await rateOn(trx, companyId, currency, date));
  const lines: RevaluationLine[] = [];
  for (const row of rows) {
    const rate = rates.get(row.currency_code);
    if (!rate) continue;
    const owed = realizedDifference(row.balance, rate, row.rate);
    const difference = row.kind === "invoice" ? owed : owed.negated();
    if (difference.isZero()) continue;
    lines.push({ document: `${row.kind === "invoice" ? "Invoice" : "Credit"} ${row.number}`, currency: row.currency_code, balance: row.balance, booked_rate: row.rate, period_end_rate: rate, difference: round(difference) });
  }
  return { lines, missingRates: [...rates].filter(([, r]) => !r).map(([c]) => c) };
}

const revaluationSource = (period: Pick<PeriodRow, "id">) => ({ type: "PostingPeriod" as const, id: period.id });

/**
 * Revalue the period's open foreign balances at its last day (one entry, source the period), and
 * reverse it on day 1 of the next period when that day has come (else the job does). Once per period.
 */
export async function revaluePeriod(trx: DB, companyId: number, period: PeriodRow & { revalued_on?: unknown }, today: string = isoDate()): Promise<{ lines: RevaluationLine[]; missingRates: string[] }> {
  if (period.revalued_on) return { lines: [], missingRates: [] };
  const result = await revaluationOf(trx, companyId, period.end_date);
  const total = result.lines.reduce((acc, l) => acc.plus(l.difference), money(0));
  if (!total.isZero()) {
    const accounts = await ensureFxAccounts(trx, companyId);
    const payable = accounts.get(ledgerAccountNumbers.payable);
    if (payable === undefined) throw new Error(`no account ${ledgerAccountNumbers.payable} in the chart of accounts`);
    const source = revaluationSource(period);
    const description = `Revaluation of open foreign balances at ${period.end_date} (${period.name})`;
    await post(trx, companyId, [{ entry_number: entryNumber(companyId, source, 1), date: period.end_date, description, source,
      lines: differenceLines(total, accounts.get(fxAccountNumbers.unrealized)!, payable, description) }]);
  }
  await trx.updateTable("posting_periods").set({ revalued_on: period.end_date, updated_at: new Date() }).where("company_id", "=", companyId).where("id", "=", period.id).execute();
  if (nextMonthStart(period.end_date) <= today) await reverseRevaluation(trx, companyId, period);
  return result;
}

/** The reversal of a period's revaluation, dated day 1 of the next period: its lines netted and posted the other way. */
export async function reverseRevaluation(trx: DB, companyId: number, period: Pick<PeriodRow, "id" | "name" | "end_date">): Promise<void> {
  const source = revaluationSource(period);
  const posted = await trx.selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount"]).where("company_id", "=", companyId)
    .where("account_transactionable_type", "=", source.type).where("account_transactionable_id", "=", source.id).execute();
  const net = netByAccount(posted);
  const date = nextMonthStart(period.end_date);
  if (net.size > 0) {
    await post(trx, companyId, [{ entry_number: entryNumber(companyId, source, new Set(posted.map((l) => l.entry_number)).size + 1), date,
      description: `Reversal of the revaluation of ${period.name}`, source, lines: reversalLines(net) }]);
  }
  await trx.updateTable("posting_periods").set({ revaluation_reversed_on: date, updated_at: new Date() }).where("company_id", "=", companyId).where("id", "=", period.id).execute();
}

/**
 * The revaluation job's run as of `today`: each company's period that ended last month, still open
 * and not revalued, is revalued at its end; every revaluation whose next period has begun and that is
 * not reversed yet is reversed on that period's day 1. Returns the ids of the periods it touched.
 */
export async function runRevaluations(db: DB, today: string = isoDate()): Promise<number[]> {
  return inTransaction({ db }, async (trx) => {
    const lastMonth = dayjs(today).startOf("month").subtract(1, "month").format("YYYY-MM-DD");
    const due = await trx.selectFrom("posting_periods").select(["id", "company_id", "name", "start_date", "end_date", "status", "revalued_on", "revaluation_reversed_on"])
      .where((eb) => eb.or([
        eb.and([eb("start_date", "=", lastMonth), eb("status", "=", "OPEN"), eb("revalued_on", "is", null)]),
        eb.and([eb("revalued_on", "is not", null), eb("revaluation_reversed_on", "is", null), eb(sql`(end_date + 1)`, "<=", sql`${today}::date`)]),
      ])).orderBy("id").forUpdate().skipLocked().execute();
    for (const row of due) {
      const period = { ...row, name: String(row.name), start_date: String(row.start_date), end_date: String(row.end_date), status: String(row.status) };
      try {
        if (row.revalued_on === null) await revaluePeriod(trx, row.company_id, period, today);
        else await reverseRevaluation(trx, row.company_id, period);
      } catch (error) {
        // a posting refused by a closed period (422, thrown before any statement): that company's turn waits for the period to reopen
        if (error instanceof HttpError) continue;
        throw error;
      }
      await insertRows(trx, "activities", [{
        company_id: row.company_id, event: "update", item_type: "posting_periods", item_id: row.id, user_id: null,
        changes: JSON.stringify({ by: "revaluation job", revalued: row.revalued_on === null }),
      }]);
    }
    return due.map((r) => r.id);
  });
}
