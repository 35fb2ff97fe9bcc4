/**
 * The general ledger: posting balanced journal entries, account balances, and the journal lines'
 * account and source fields. Entries are posted by domain code (and the demo seed), never through the API.
 * Also the one place where a payment moves its invoices' balances (settle, reopen, release) and
 * where a payment's entry is posted and reversed.
 */
import type Decimal from "decimal.js";
import { sql } from "kysely";
import { resourceByName } from "../../../resources/index.js";
import { money, round, sum } from "../../framework/money.js";
import type { DB } from "../db/connect.js";
import { conflict } from "../http/errors.js";
import { audit } from "../resources/write.js";
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

// ---------------------------------------------------------------------------------------------
// payments: the payment entry, its reversal, and what a payment does to its invoices' balances

/** The chart's Accounts Payable account, by number (as the demo chart and the invoice entries use it). */
export const payableAccountNumber = "2000";

/** The accounts a payment posts to: Accounts Payable, and the bank GL account it is paid from. */
export async function paymentAccounts(trx: DB, companyId: number): Promise<{ payable: number; bank: number }> {
  const accounts = await trx.selectFrom("accounts").select(["id", "number", "account_type_name"]).where("company_id", "=", companyId)
    .where((eb) => eb.or([eb("number", "=", payableAccountNumber), eb("account_type_name", "=", "Bank")])).orderBy("number").execute();
  const payable = accounts.find((a) => a.number === payableAccountNumber);
  // the first Bank account of the chart until originating accounts name their own GL account
  const bank = accounts.find((a) => a.account_type_name === "Bank");
  if (!payable || !bank) throw conflict(`The chart of accounts needs an Accounts Payable account (${payableAccountNumber}) and a Bank account to post payments`);
  return { payable: payable.id as number, bank: bank.id as number };
}

export interface PaymentForLedger {
  id: number;
  payment_number: string;
  amount: string;
}

/** A payment's entry: debit Accounts Payable, credit the bank. */
export function paymentEntry(payment: PaymentForLedger, accounts: { payable: number; bank: number }, entryNumber: string, date: string): JournalEntry {
  return {
    entry_number: entryNumber, date, description: `Payment ${payment.payment_number}`, source: { type: "Payment", id: payment.id },
    lines: [{ account_id: accounts.payable, debit_amount: payment.amount }, { account_id: accounts.bank, credit_amount: payment.amount }],
  };
}

/** The next entry number of a payment's journal (the payment row is locked by the caller, so it is unique). */
async function nextPaymentEntryNumber(trx: DB, companyId: number, paymentId: number): Promise<string> {
  const posted = await trx.selectFrom("account_transactions").select("entry_number").distinct().where("company_id", "=", companyId)
    .where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", paymentId).execute();
  return `JE-P${paymentId}-${posted.length + 1}`;
}

/** Post a payment's entry (debit AP, credit bank) on `date`. */
export async function postPayment(trx: DB, companyId: number, payment: PaymentForLedger, date: string): Promise<void> {
  const accounts = await paymentAccounts(trx, companyId);
  await post(trx, companyId, [paymentEntry(payment, accounts, await nextPaymentEntryNumber(trx, companyId, payment.id), date)]);
}

/**
 * Reverse what a payment's journal says, as one balanced entry on `date`: each account's net
 * (debits − credits) of the payment's lines posted the other way. A payment with no lines of its own
 * (paid before payments posted their own entries) is reversed from its amount: debit bank, credit AP.
 * Nothing is posted when the lines already net to zero (reversed before).
 */
export async function reversePayment(trx: DB, companyId: number, payment: PaymentForLedger, date: string, reason: string): Promise<void> {
  const lines = await trx.selectFrom("account_transactions").select(["account_id", "debit_amount", "credit_amount"]).where("company_id", "=", companyId)
    .where("account_transactionable_type", "=", "Payment").where("account_transactionable_id", "=", payment.id).orderBy("id").execute();
  const entryNumber = await nextPaymentEntryNumber(trx, companyId, payment.id);
  const description = `${reason} of payment ${payment.payment_number}`;
  if (lines.length === 0) {
    const original = paymentEntry(payment, await paymentAccounts(trx, companyId), entryNumber, date);
    await post(trx, companyId, [{ ...original, description, lines: reversedLines(original.lines) }]);
    return;
  }
  const net = new Map<number, Decimal>();
  for (const line of lines) {
    const id = line.account_id as number;
    net.set(id, (net.get(id) ?? money(0)).plus(String(line.debit_amount)).minus(String(line.credit_amount)));
  }
  const reversal = [...net].filter(([, amount]) => !amount.isZero()).map(([account_id, amount]) => (amount.isPositive()
    ? { account_id, credit_amount: round(amount) }
    : { account_id, debit_amount: round(amount.negated()) }));
  if (reversal.length === 0) return;
  await post(trx, companyId, [{ entry_number: entryNumber, date, description, source: { type: "Payment", id: payment.id }, lines: reversal }]);
}

const reversedLines = (lines: readonly JournalLine[]): JournalLine[] =>
  lines.map((l) => ({ account_id: l.account_id, debit_amount: l.credit_amount, credit_amount: l.debit_amount }));

/** An invoice's status from what has been paid: nothing → APPROVED, part → OPEN, all → PAID. */
export function invoiceStatusFor(amount: string, paymentsSum: string): "APPROVED" | "OPEN" | "PAID" {
  const paid = money(paymentsSum);
  if (paid.lte(0)) return "APPROVED";
  return paid.gte(amount) ? "PAID" : "OPEN";
}

export interface BalanceLink {
  invoice_id: number;
  amount: string;
}

/**
 * What a payment's links do to its invoices' balances, in one place:
 * - `settle`: a payment goes out (processed or reissued): paid up, outstanding and pending down;
 * - `reopen`: a payment that went out comes back (failed, voided, refunded): the reverse of settle;
 * - `release`: a scheduled payment is dropped: only the reserved pending balance comes back.
 * Invoices are locked FOR UPDATE (in id order); settling more than an invoice's pending balance is a
 * conflict (409). Each changed invoice gets its status from what is paid, and an audit row.
 */
export async function moveBalances(trx: DB, ctx: Ctx, links: readonly BalanceLink[], move: "settle" | "reopen" | "release"): Promise<void> {
  const byInvoice = new Map<number, Decimal>();
  for (const link of links) byInvoice.set(link.invoice_id, (byInvoice.get(link.invoice_id) ?? money(0)).plus(link.amount));
  if (byInvoice.size === 0) return;
  const invoices = await trx.selectFrom("invoices").select(["id", "number", "amount", "status", "payments_sum", "balance_outstanding", "outstanding_balance_pending"])
    .where("company_id", "=", ctx.company.id).where("id", "in", [...byInvoice.keys()]).orderBy("id").forUpdate().execute();
  const invoiceResource = resourceByName.get("invoices")!;
  for (const invoice of invoices) {
    const amount = byInvoice.get(invoice.id as number)!;
    const paidDelta = move === "settle" ? amount : move === "reopen" ? amount.negated() : money(0);
    const pendingDelta = move === "settle" ? amount.negated() : amount;
    const pending = money(String(invoice.outstanding_balance_pending)).plus(pendingDelta);
    if (pending.isNegative()) throw conflict(`The open balance of invoice ${String(invoice.number)} is ${String(invoice.outstanding_balance_pending)}, less than ${round(amount)}`);
    const paymentsSum = money(String(invoice.payments_sum)).plus(paidDelta);
    const values = {
      payments_sum: round(paymentsSum),
      balance_outstanding: round(money(String(invoice.balance_outstanding)).minus(paidDelta)),
      outstanding_balance_pending: round(pending),
      // an invoice not yet approved keeps its status; a paid, open or approved one follows its balance
      status: ["APPROVED", "OPEN", "PAID", "CLOSED"].includes(String(invoice.status)) ? invoiceStatusFor(String(invoice.amount), round(paymentsSum)) : String(invoice.status),
    };
    await trx.updateTable("invoices").set({ ...values, updated_at: new Date() }).where("id", "=", invoice.id as number).execute();
    const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => String(invoice[k as keyof typeof invoice]) !== v)
      .map(([k, v]) => [k, [invoice[k as keyof typeof invoice] ?? null, v]]));
    await audit(trx, ctx, "update", invoiceResource, invoice.id as number, changes);
  }
}
