/**
 * The body of POST /api/payment_runs (and /preview), read row by row: every problem is reported
 * under the row's path (`items.3.amount`) so the pay-bills grid can point at it.
 */
import { money } from "../../../../framework/money.js";
import { isBusinessDay, earliestPaymentDate } from "../../../../framework/business-days.js";
import type { FieldErrors } from "../../../errors.js";

export interface RequestedItem {
  /** position in the request: the N of `items.N.field` */
  index: number;
  invoice_id: number;
  amount: string;
  payment_method_id: number | null;
  payment_method_from_id: number | null;
}

/** An approved expense report reimbursed to its employee, in full (`items.N` with `expense_report_id`). */
export interface RequestedExpense {
  index: number;
  expense_report_id: number;
  payment_method_id: number | null;
  payment_method_from_id: number | null;
}

/** A vendor credit to apply to one of the run's invoices (`credits.N`). */
export interface RequestedCredit {
  index: number;
  credit_id: number;
  invoice_id: number;
  amount: string;
}

export interface RunRequest {
  payment_date: string;
  description: string | null;
  items: RequestedItem[];
  expenses: RequestedExpense[];
  credits: RequestedCredit[];
}

const decimal = /^\d+(\.\d{1,2})?$/;
const signedDecimal = /^-?\d+(\.\d+)?$/;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

const optionalId = (value: unknown): number | null | undefined =>
  value === undefined || value === null ? null : Number.isInteger(value) && (value as number) > 0 ? (value as number) : undefined;

export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** The amount as a 2-decimal string, or the reason it is not one (0 and negatives are refused here). */
function amountOf(value: unknown): { amount?: string; problem?: string } {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!signedDecimal.test(text)) return { problem: "must be a decimal amount such as 125.00" };
  if (money(text).lte(0)) return { problem: "must be greater than 0" };
  if (!decimal.test(text)) return { problem: "must have at most 2 decimals" };
  return { amount: money(text).toFixed(2) };
}

/** Shape checks that need no database: dates, ids, amounts, duplicates. */
export function readRunRequest(body: unknown, now = new Date()): { request: RunRequest; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const paymentDate = typeof input.payment_date === "string" ? input.payment_date : "";
  if (!isoDay.test(paymentDate)) addError(errors, "payment_date", "must be a date YYYY-MM-DD");
  else if (paymentDate < earliestPaymentDate(now)) addError(errors, "payment_date", `must be on or after ${earliestPaymentDate(now)}, the earliest payment date`);
  else if (!isBusinessDay(paymentDate)) addError(errors, "payment_date", "must be a business day (not a weekend or a Federal Reserve holiday)");
  if (input.credits !== undefined && !Array.isArray(input.credits)) addError(errors, "credits", "must be a list of {credit_id, invoice_id, amount}");

  const rawItems = Array.isArray(input.items) ? input.items : [];
  if (rawItems.length === 0) addError(errors, "items", "must list at least one invoice or expense report to pay");
  const seen = new Set<number>();
  const seenReports = new Set<number>();
  const items: RequestedItem[] = [];
  const expenses: RequestedExpense[] = [];
  rawItems.forEach((raw: unknown, index) => {
    const row = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const at = (field: string) => `items.${index}.${field}`;
    const methodId = optionalId(row.payment_method_id);
    const fromId = optionalId(row.payment_method_from_id);
    if (methodId === undefined) addError(errors, at("payment_method_id"), "must be the id of a payment method");
    if (fromId === undefined) addError(errors, at("payment_method_from_id"), "must be the id of an originating account");
    if (row.expense_report_id !== undefined) {
      // an expense report is reimbursed in full: the amount is the report's
      const reportId = optionalId(row.expense_report_id);
      if (!reportId) addError(errors, at("expense_report_id"), "must be the id of an expense report");
      else if (seenReports.has(reportId)) addError(errors, at("expense_report_id"), "is already paid by another row of this run");
      else seenReports.add(reportId);
      if (row.invoice_id !== undefined) addError(errors, at("invoice_id"), "a row pays an invoice or an expense report, not both");
      if (row.amount !== undefined) addError(errors, at("amount"), "is the expense report's amount and cannot be given");
      if (reportId && methodId !== undefined && fromId !== undefined) expenses.push({ index, expense_report_id: reportId, payment_method_id: methodId, payment_method_from_id: fromId });
      return;
    }
    const invoiceId = optionalId(row.invoice_id);
    if (!invoiceId) addError(errors, at("invoice_id"), "must be the id of an invoice");
    else if (seen.has(invoiceId)) addError(errors, at("invoice_id"), "is already paid by another row of this run");
    else seen.add(invoiceId);
    const { amount, problem } = amountOf(row.amount);
    if (problem) addError(errors, at("amount"), problem);
    if (invoiceId && amount && methodId !== undefined && fromId !== undefined) {
      items.push({ index, invoice_id: invoiceId, amount, payment_method_id: methodId, payment_method_from_id: fromId });
    }
  });
  const credits: RequestedCredit[] = [];
  (Array.isArray(input.credits) ? input.credits : []).forEach((raw: unknown, index) => {
    const row = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const at = (field: string) => `credits.${index}.${field}`;
    const creditId = optionalId(row.credit_id);
    const invoiceId = optionalId(row.invoice_id);
    if (!creditId) addError(errors, at("credit_id"), "must be the id of a vendor credit");
    if (!invoiceId) addError(errors, at("invoice_id"), "must be the id of an invoice of this run");
    const { amount, problem } = amountOf(row.amount);
    if (problem) addError(errors, at("amount"), problem);
    if (creditId && invoiceId && amount) credits.push({ index, credit_id: creditId, invoice_id: invoiceId, amount });
  });
  const description = typeof input.description === "string" && input.description.trim() ? input.description.trim().slice(0, 2000) : null;
  return { request: { payment_date: paymentDate, description, items, expenses, credits }, errors };
}
