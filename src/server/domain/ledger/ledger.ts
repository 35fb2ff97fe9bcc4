/**
 * The general ledger: posting balanced journal entries, account balances, and the journal lines'
 * account and source fields. Entries are posted by domain code (and the demo seed), never through the API.
 * Also where a sent payment's entry is reversed (failed, voided, refunded) and a reissue posted.
 */
import type Decimal from "decimal.js";
import { sql } from "kysely";
import { money, round, sum } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { insertRows } from "../../db/bulk.js";
import { conflict } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { checkParent, referenceTitles } from "../admin/lookups.js";
import { postRealizedDifferences } from "./fx.js";
import { placeDates, type Placement } from "./periods.js";

export interface JournalLine {
  account_id: number;
  /** in the company's functional currency */
  debit_amount?: string;
  credit_amount?: string;
  description?: string;
  /** the amount in the source document's currency, when the line was converted (inFunctional) */
  orig_amount?: string;
  orig_currency?: string;
}

/** A source document's currency and its rate to the functional currency, fixed at its date (exchange-rates.ts). */
export interface DocumentCurrency {
  code: string;
  rate: string;
}

/**
 * Lines written in a document's currency, converted to the functional currency with the original kept
 * on each line. Each line is rounded on its own; the rounding difference between the sides (a cent or
 * so) goes to the largest line of the side converted short, so the entry still balances.
 */
export function inFunctional(lines: readonly JournalLine[], currency: DocumentCurrency): JournalLine[] {
  const converted = lines.map((line) => {
    const debit = line.debit_amount !== undefined && !money(line.debit_amount).isZero();
    const orig = round((debit ? line.debit_amount : line.credit_amount) ?? "0");
    const amount = round(money(orig).times(currency.rate));
    return { ...line, ...(debit ? { debit_amount: amount, credit_amount: undefined } : { credit_amount: amount, debit_amount: undefined }), orig_amount: orig, orig_currency: currency.code };
  });
  const gap = money(sum(converted.map((l) => l.debit_amount ?? "0"))).minus(sum(converted.map((l) => l.credit_amount ?? "0")));
  if (gap.isZero()) return converted;
  const side = gap.isNegative() ? "debit_amount" : "credit_amount";
  const largest = converted.filter((l) => l[side] !== undefined).sort((a, b) => money(b[side]!).comparedTo(a[side]!))[0];
  largest[side] = round(money(largest[side]!).plus(gap.abs()));
  return converted;
}

export interface JournalEntry {
  entry_number: string;
  date: string;
  description: string;
  source: { type: "Invoice" | "Accrual" | "Payment" | "Purchase" | "CardTransaction" | "Statement" | "ExpenseReport" | "PostingPeriod"; id: number };
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

/** The rows of balanced entries, ready to insert into account_transactions, each in the posting period its date is placed in. */
export function journalRows(companyId: number, entries: readonly JournalEntry[], placements: ReadonlyMap<string, Placement> = new Map()): Row[] {
  return entries.flatMap((entry) => {
    assertBalanced(entry);
    const placed = placements.get(entry.date);
    return entry.lines.map((line) => ({
      company_id: companyId, date: entry.date, entry_number: entry.entry_number, account_id: line.account_id,
      description: line.description ?? entry.description, debit_amount: round(line.debit_amount ?? "0"), credit_amount: round(line.credit_amount ?? "0"),
      account_transactionable_type: entry.source.type, account_transactionable_id: entry.source.id,
      orig_amount: line.orig_amount ?? null, orig_currency: line.orig_currency ?? null,
      posting_period_id: placed?.period.id ?? null, posting_period_name: placed?.period.name ?? null, prior_period: placed?.prior_period ?? false,
    }));
  });
}

/** The documents whose posting period is shown on them (data spec: invoices, payments and vendor credits). */
const periodOnSource = { Invoice: "invoices", Payment: "payments" } as const;

/** Set the posting period of each invoice and payment posted for the first time (one statement per period). */
async function markSourcePeriods(trx: DB, companyId: number, entries: readonly JournalEntry[], placements: ReadonlyMap<string, Placement>): Promise<void> {
  for (const [type, table] of Object.entries(periodOnSource) as [keyof typeof periodOnSource, (typeof periodOnSource)[keyof typeof periodOnSource]][]) {
    const groups = new Map<string, { placed: Placement; ids: number[] }>();
    for (const entry of entries.filter((e) => e.source.type === type)) {
      const placed = placements.get(entry.date)!;
      const key = `${placed.period.id}:${placed.prior_period}`;
      groups.set(key, { placed, ids: [...(groups.get(key)?.ids ?? []), entry.source.id] });
    }
    for (const { placed, ids } of groups.values()) {
      await trx.updateTable(table).set({ posting_period_name: placed.period.name, prior_period: placed.prior_period })
        .where("company_id", "=", companyId).where("posting_period_name", "is", null).where(sql<boolean>`id = any(${sql.val(ids)}::int[])`).execute();
    }
  }
}

/**
 * Post balanced entries: one statement however many (a run's thousands of payments). Every posting
 * path comes through here, so every entry is placed in its posting period here (periods.ts): a
 * closed period refuses the posting (422) or sends it on to the next open one, per the company.
 */
export async function post(trx: DB, companyId: number, entries: readonly JournalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const placements = await placeDates(trx, companyId, entries.map((e) => e.date));
  await insertRows(trx, "account_transactions", journalRows(companyId, entries, placements), []);
  await markSourcePeriods(trx, companyId, entries, placements);
}

/** Accounts the postings use, found by number in the company's chart of accounts (as the demo seed creates it). */
export const ledgerAccountNumbers = {
  payable: "2000", creditMemoExpense: "5000", accruedLiabilities: "2100",
  // corporate cards: cleared spend is owed to the card issuer; spend not yet coded goes to 5000
  cardLiability: "2200", uncodedCardSpend: "5000",
  // expense reports: approved → owed to the employee (a liability apart from vendors' AP) against travel and meals
  employeeReimbursements: "2150", reimbursedExpense: "6300",
} as const;

/** The journal of one source document: JE-{company}-{INV|PAY|ACC|PUR|CAR|STA|EXP}{id}-{n}, unique without a sequence to race for. */
export function entryNumber(companyId: number, source: JournalEntry["source"], n: number): string {
  return `JE-${companyId}-${source.type.slice(0, 3).toUpperCase()}${source.id}-${n}`;
}

/** The company's active accounts by number; 422-free: a missing account is a setup error. */
export async function accountsByNumber(trx: DB, companyId: number): Promise<Map<string, number>> {
  const rows = await trx.selectFrom("accounts").select(["id", "number"]).where("company_id", "=", companyId).execute();
  return new Map(rows.map((r) => [String(r.number), r.id]));
}

export function account(accounts: ReadonlyMap<string, number>, number: string, what: string): number {
  const id = accounts.get(number);
  if (id === undefined) throw new Error(`${what}: no account ${number} in the chart of accounts`);
  return id;
}

export interface InvoiceForLedger {
  id: number;
  number: string;
  date: string;
  amount: string;
  currency_code: string;
  exchange_rate: string;
  debit_entries: readonly { account_number: string; amount: string }[];
}

/** Invoice approval: debit the expense accounts of its GL coding, credit Accounts Payable — in the functional currency at the invoice's rate. */
export function invoiceApprovalLines(invoice: InvoiceForLedger, accounts: ReadonlyMap<string, number>): JournalLine[] {
  const what = `invoice ${invoice.number}`;
  return inFunctional([
    ...invoice.debit_entries.map((line) => ({ account_id: account(accounts, line.account_number, what), debit_amount: round(line.amount) })),
    { account_id: account(accounts, ledgerAccountNumbers.payable, what), credit_amount: round(invoice.amount) },
  ], { code: invoice.currency_code, rate: String(invoice.exchange_rate) });
}

export interface PaymentForLedger {
  id: number;
  payment_number: string;
  payment_date: string;
  amount: string;
  currency_code: string;
  exchange_rate: string;
}

/** A payment sent: debit Accounts Payable (or, paying an employee, the reimbursements owed), credit the bank GL account of its originating account. */
export function paymentEntry(payment: PaymentForLedger, companyId: number, accounts: ReadonlyMap<string, number>, bankAccountId: number,
  payable: string = ledgerAccountNumbers.payable): JournalEntry {
  const source = { type: "Payment" as const, id: payment.id };
  return {
    entry_number: entryNumber(companyId, source, 1), date: payment.payment_date, description: `Payment ${payment.payment_number}`, source,
    lines: inFunctional([
      { account_id: account(accounts, payable, `payment ${payment.payment_number}`), debit_amount: round(payment.amount) },
      { account_id: bankAccountId, credit_amount: round(payment.amount) },
    ], { code: payment.currency_code, rate: String(payment.exchange_rate) }),
  };
}

/**
 * A vendor credit memo becoming AVAILABLE: debit Accounts Payable (the company owes the vendor less),
 * credit expense — account 5000, as credit memos carry no GL coding of their own. Applying the credit
 * to an invoice later moves no GL balance (both sides are in Accounts Payable).
 */
export function creditMemoEntry(credit: PaymentForLedger, companyId: number, accounts: ReadonlyMap<string, number>): JournalEntry {
  const source = { type: "Payment" as const, id: credit.id };
  const what = `credit memo ${credit.payment_number}`;
  return {
    entry_number: entryNumber(companyId, source, 1), date: credit.payment_date, description: `Vendor credit ${credit.payment_number}`, source,
    lines: inFunctional([
      { account_id: account(accounts, ledgerAccountNumbers.payable, what), debit_amount: round(credit.amount) },
      { account_id: account(accounts, ledgerAccountNumbers.creditMemoExpense, what), credit_amount: round(credit.amount) },
    ], { code: credit.currency_code, rate: String(credit.exchange_rate) }),
  };
}

export const accountHooks: ResourceHooks = {
  async decorate(rows, ctx: Ctx) {
    if (rows.length === 0) return;
    const totals = await ctx.db.selectFrom("account_transactions").select(["account_id", sql<string>`(sum(debit_amount) - sum(credit_amount))::numeric(18,2)::text`.as("balance")])
      .where("company_id", "=", ctx.company.id).where("account_id", "in", rows.map((r) => r.id as number)).groupBy("account_id").execute();
    const balances = new Map(totals.map((t) => [t.account_id, t.balance]));
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

// ---------------------------------------------------------------------------------------------
// a payment after it was sent: its entry when reissued, its reversal when it fails or is voided

/** Net debit (credit negative) per account of a set of lines, zero balances dropped. */
export function netByAccount(lines: readonly { account_id: number; debit_amount?: unknown; credit_amount?: unknown }[]): Map<number, string> {
  const net = new Map<number, Decimal>();
  for (const line of lines) net.set(line.account_id, (net.get(line.account_id) ?? money(0)).plus(String(line.debit_amount ?? "0")).minus(String(line.credit_amount ?? "0")));
  return new Map([...net].filter(([, amount]) => !amount.isZero()).map(([id, amount]) => [id, round(amount)]));
}

/** The lines that bring each account of `net` back to zero. */
export const reversalLines = (net: ReadonlyMap<number, string>): JournalLine[] =>
  [...net].map(([account_id, amount]) => (money(amount).isPositive() ? { account_id, credit_amount: amount } : { account_id, debit_amount: round(money(amount).negated()) }));

/** The bank GL account a payment is paid from: its originating account's, else the company's default originating account's. */
export async function bankAccountOf(trx: DB, companyId: number, paymentMethodFromId: number | null): Promise<number> {
  const rows = await trx.selectFrom("payment_methods").select(["id", "account_id", "is_default"]).where("company_id", "=", companyId)
    .where("owner_type", "=", "Company").where("account_id", "is not", null).orderBy("id").execute();
  const row = rows.find((r) => r.id === paymentMethodFromId) ?? rows.find((r) => r.is_default) ?? rows[0];
  if (!row) throw conflict("No originating account names a bank GL account: the payment cannot be posted");
  return row.account_id as number;
}

async function postedLines(trx: DB, companyId: number, paymentId: number) {
  return (await trx.selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount"]).where("company_id", "=", companyId)
    .where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", paymentId).execute()) as { entry_number: string; account_id: number }[];
}

/** Post a (reissued) payment's entry: debit AP, credit the bank of its originating account. */
export async function postPayment(trx: DB, companyId: number, payment: PaymentForLedger & { payment_method_from_id: number | null }): Promise<void> {
  const bank = await bankAccountOf(trx, companyId, payment.payment_method_from_id);
  await post(trx, companyId, [paymentEntry(payment, companyId, await accountsByNumber(trx, companyId), bank)]);
  await postRealizedDifferences(trx, companyId, [payment]);
}

/**
 * Reverse what the journal holds for a payment, as one balanced entry on `date`: each account's net
 * of the payment's lines posted the other way (the next entry number of the payment). Nothing is
 * posted when they already net to zero (never posted, or reversed before).
 */
export async function reversePayment(trx: DB, companyId: number, payment: Pick<PaymentForLedger, "id" | "payment_number">, date: string, reason: string): Promise<void> {
  const posted = await postedLines(trx, companyId, payment.id);
  const net = netByAccount(posted);
  if (net.size === 0) return;
  const source = { type: "Payment" as const, id: payment.id };
  await post(trx, companyId, [{
    entry_number: entryNumber(companyId, source, new Set(posted.map((l) => l.entry_number)).size + 1), date,
    description: `${reason} of payment ${payment.payment_number}`, source, lines: reversalLines(net),
  }]);
}
