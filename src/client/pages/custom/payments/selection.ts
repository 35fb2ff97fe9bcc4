/**
 * The pay-bills selection, free of React: what the user chose to pay (amount, methods, credits per
 * invoice, the payment date), its checks (data spec 5 and 9), totals per currency, the body of
 * POST /api/payment_runs(/preview), and the mapping of its per-row 422 errors back to the rows.
 * The selection survives the trip to /review_payment_run and back in session storage.
 */
import { earliestPaymentDate, isBusinessDay } from "../../../../framework/business-days.js";
import { minimumPayment, money, round, sum } from "../../../../framework/money.js";

export interface AppliedCredit {
  credit_id: number;
  payment_number: string;
  /** the credit's balance when it was offered */
  available: string;
  amount: string;
}

export interface SelectedInvoice {
  invoice_id: number;
  number: string;
  vendor_id: number;
  vendor_name: string;
  currency_code: string;
  /** outstanding_balance_pending when selected: the most that may be paid */
  pending: string;
  amount: string;
  payment_method_id?: number | null;
  payment_method_from_id?: number | null;
  credits: AppliedCredit[];
}

export interface PayBillsDraft {
  payment_date: string;
  items: SelectedInvoice[];
  /** bulk 'all' mode: the items are every payable invoice matching the list's filters, paid in full */
  all: boolean;
  /** the pay-bills list's query string (filters, sort, page), to return to it as it was */
  search: string;
}

/** The row of GET /api/invoices_pay_bills this module reads. */
export interface PayableInvoice {
  id: number;
  number: string;
  vendor_id: number;
  vendor?: { name?: string } | null;
  currency_code: string;
  outstanding_balance_pending: string;
}

const decimal = /^\d+(\.\d{1,2})?$/;

/** A new selection row: the whole pending balance, the server's default methods, no credit. */
export const selectionOf = (invoice: PayableInvoice): SelectedInvoice => ({
  invoice_id: invoice.id,
  number: invoice.number,
  vendor_id: invoice.vendor_id,
  vendor_name: invoice.vendor?.name ?? "",
  currency_code: invoice.currency_code,
  pending: invoice.outstanding_balance_pending,
  amount: invoice.outstanding_balance_pending,
  credits: [],
});

/** An amount's error, as an i18n key: a decimal with at most 2 places, between 0.01 and `max`. */
export function amountError(amount: string, max: string): string | null {
  if (!decimal.test(amount.trim())) return "payBills.errors.amountFormat";
  if (money(amount).lt(minimumPayment)) return "payBills.errors.amountMin";
  if (money(amount).gt(max)) return "payBills.errors.amountMax";
  return null;
}

/** A credit application's error: positive, at most the credit's balance and at most the payment. */
export function creditError(credit: AppliedCredit, payment: string): string | null {
  if (!decimal.test(credit.amount.trim())) return "payBills.errors.amountFormat";
  if (money(credit.amount).lt(minimumPayment)) return "payBills.errors.amountMin";
  if (money(credit.amount).gt(credit.available)) return "payBills.errors.creditAvailable";
  if (decimal.test(payment) && money(credit.amount).gt(payment)) return "payBills.errors.creditPayment";
  return null;
}

/** Amounts that are not (yet) valid decimals count 0 in sums. */
const valid = (amount: string) => (decimal.test(amount.trim()) ? amount.trim() : "0");
const creditAmounts = (credits: readonly AppliedCredit[]) => credits.map((c) => valid(c.amount));

/** What may be paid in money: the pending balance less the credits applied (the server's rule: amount + credits ≤ pending). */
export const maxPayment = (item: SelectedInvoice): string => round(money(item.pending).minus(sum(creditAmounts(item.credits))));

/** The row with these credits; a payment that no longer fits beside them is lowered to what is left. */
export function withCredits(item: SelectedInvoice, credits: AppliedCredit[]): SelectedInvoice {
  const next = { ...item, credits };
  const max = maxPayment(next);
  return decimal.test(item.amount.trim()) && money(item.amount).gt(max) && money(max).gte(minimumPayment) ? { ...next, amount: max } : next;
}

/** The same credit offered on several invoices: what the other rows already take from its balance. */
export function creditUsedElsewhere(items: readonly SelectedInvoice[], creditId: number, invoiceId: number): string {
  return sum(items.filter((i) => i.invoice_id !== invoiceId).flatMap((i) => creditAmounts(i.credits.filter((c) => c.credit_id === creditId))));
}

/** The payment date's error: not before the earliest payment date (cut-off rule) and a business day. */
export function paymentDateError(date: string, now: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "payBills.errors.dateRequired";
  if (date < earliestPaymentDate(now)) return "payBills.errors.dateTooEarly";
  if (!isBusinessDay(date)) return "payBills.errors.notBusinessDay";
  return null;
}

/** Every error of the selection, by row (invoice id); empty when it can be reviewed. */
export function rowErrors(items: readonly SelectedInvoice[]): Map<number, string[]> {
  const errors = new Map<number, string[]>();
  for (const item of items) {
    const credits = money(sum(creditAmounts(item.credits)));
    const found = [
      amountError(item.amount, maxPayment(item)),
      ...item.credits.map((c) => creditError(c, item.amount)),
      credits.gt(valid(item.amount)) ? "payBills.errors.creditPayment" : null,
      ...item.credits.map((c) => (money(creditUsedElsewhere(items, c.credit_id, item.invoice_id)).plus(valid(c.amount)).gt(c.available)
        ? "payBills.errors.creditAvailable" : null)),
    ].filter((e): e is string => e !== null);
    if (found.length) errors.set(item.invoice_id, [...new Set(found)]);
  }
  return errors;
}

export interface CurrencyTotal {
  currency_code: string;
  count: number;
  amount: string;
  credits: string;
}

/** Totals of the selection per currency: payments and credits applied (amounts that are not yet valid count 0). */
export function totalsByCurrency(items: readonly SelectedInvoice[]): CurrencyTotal[] {
  const byCurrency = new Map<string, SelectedInvoice[]>();
  for (const item of items) byCurrency.set(item.currency_code, [...(byCurrency.get(item.currency_code) ?? []), item]);
  return [...byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency_code, rows]) => ({
    currency_code,
    count: rows.length,
    amount: sum(rows.map((r) => valid(r.amount))),
    credits: sum(rows.flatMap((r) => creditAmounts(r.credits))),
  }));
}

export interface RunBody {
  payment_date: string;
  items: { invoice_id: number; amount: string; payment_method_id?: number; payment_method_from_id?: number }[];
  credits: { credit_id: number; invoice_id: number; amount: string }[];
}

/** The body of POST /api/payment_runs/preview and /api/payment_runs (issue 5 contract). */
export function runBody(draft: PayBillsDraft): RunBody {
  return {
    payment_date: draft.payment_date,
    items: draft.items.map((item) => ({
      invoice_id: item.invoice_id,
      amount: round(item.amount),
      ...(item.payment_method_id ? { payment_method_id: item.payment_method_id } : {}),
      ...(item.payment_method_from_id ? { payment_method_from_id: item.payment_method_from_id } : {}),
    })),
    credits: draft.items.flatMap((item) => item.credits.map((c) => ({ credit_id: c.credit_id, invoice_id: item.invoice_id, amount: round(c.amount) }))),
  };
}

/**
 * A 422 answer's errors (`items.3.amount`, `credits.1.amount`, `payment_date`, `base`) by the
 * invoice they name; what names no row is under 0.
 */
export function errorsByRow(errors: Readonly<Record<string, readonly string[]>>, body: RunBody): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  const add = (id: number, messages: readonly string[]) => byRow.set(id, [...(byRow.get(id) ?? []), ...messages]);
  for (const [field, messages] of Object.entries(errors)) {
    const [list, index] = field.split(".");
    const row = list === "items" ? body.items[Number(index)] : list === "credits" ? body.credits[Number(index)] : undefined;
    add(row?.invoice_id ?? 0, row ? messages : messages.map((m) => (field === "base" ? m : `${field}: ${m}`)));
  }
  return byRow;
}

const storageKey = (companyId: number) => `outlay.payBills.${companyId}`;

/** The selection kept while the user goes to the review and back (per browser tab and company). */
export const draftStore = {
  load(companyId: number): PayBillsDraft | null {
    try {
      const stored = sessionStorage.getItem(storageKey(companyId));
      return stored ? (JSON.parse(stored) as PayBillsDraft) : null;
    } catch {
      return null;
    }
  },
  save(companyId: number, draft: PayBillsDraft): void {
    sessionStorage.setItem(storageKey(companyId), JSON.stringify(draft));
  },
  clear(companyId: number): void {
    sessionStorage.removeItem(storageKey(companyId));
  },
};
