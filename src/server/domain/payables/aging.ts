/**
 * Invoice due status (NEW, DUE TODAY, DUE SOON, PAST DUE) and aging buckets (0-30, 31-60, 61+),
 * computed from the due date on the UTC calendar date. DUE SOON is within `dueSoonDays`.
 */
import { money, round, type MoneyInput } from "../../../framework/money.js";

export const dueSoonDays = 7;
export type DueStatus = "NEW" | "DUE TODAY" | "DUE SOON" | "PAST DUE";

const dayMs = 86_400_000;

/** Whole days from the due date to today (YYYY-MM-DD strings parse as UTC midnight); hot on every list row. */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.round((Date.parse(today) - Date.parse(dueDate)) / dayMs);
}

export function dueStatusOf(late: number): DueStatus {
  if (late > 0) return "PAST DUE";
  if (late === 0) return "DUE TODAY";
  return -late <= dueSoonDays ? "DUE SOON" : "NEW";
}

export const dueStatus = (dueDate: string, today: string): DueStatus => dueStatusOf(daysPastDue(dueDate, today));

export interface Aging {
  amount_overDue: string;
  amt_overdue_0_to_30: string;
  amt_overdue_31_to_60: string;
  amt_overdue_61_to_over: string;
}

/** The open balance in its bucket; "0-30" (Current) also holds what is not yet due. */
export function agingOf(balance: MoneyInput, late: number): Aging {
  const amount = round(balance);
  const zero = round(0);
  return {
    amount_overDue: late > 0 ? amount : zero,
    amt_overdue_0_to_30: late <= 30 ? amount : zero,
    amt_overdue_31_to_60: late > 30 && late <= 60 ? amount : zero,
    amt_overdue_61_to_over: late > 60 ? amount : zero,
  };
}

export const hasBalance = (balance: MoneyInput | null | undefined) => balance !== null && balance !== undefined && money(balance).gt(0);
