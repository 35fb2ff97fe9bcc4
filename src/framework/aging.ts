/**
 * Invoice due status (NEW, DUE TODAY, DUE SOON, PAST DUE) and aging buckets (0-30, 31-60, 61+),
 * computed from the due date on the UTC calendar date. DUE SOON is within `dueSoonDays`.
 */
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { money, round, type MoneyInput } from "./money.js";

dayjs.extend(utc);

export const dueSoonDays = 7;
export type DueStatus = "NEW" | "DUE TODAY" | "DUE SOON" | "PAST DUE";

export function daysPastDue(dueDate: string, today: string): number {
  return dayjs.utc(today).diff(dayjs.utc(dueDate), "day");
}

export function dueStatus(dueDate: string, today: string): DueStatus {
  const late = daysPastDue(dueDate, today);
  if (late > 0) return "PAST DUE";
  if (late === 0) return "DUE TODAY";
  return -late <= dueSoonDays ? "DUE SOON" : "NEW";
}

export interface Aging {
  amount_overDue: string;
  amt_overdue_0_to_30: string;
  amt_overdue_31_to_60: string;
  amt_overdue_61_to_over: string;
}

/** The open balance in its bucket; "0-30" (Current) also holds what is not yet due. */
export function agingOf(balance: MoneyInput, dueDate: string, today: string): Aging {
  const late = daysPastDue(dueDate, today);
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
