/** Recurring invoices: a consistent schedule (start ≤ next ≤ end), GL coding that adds up, and the next dates. */
import dayjs from "dayjs";
import { currencyOf, money } from "../../../framework/money.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { codingValid } from "./invoices.js";

const monthsOf: Readonly<Record<string, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * The next `count` invoice dates from `next` (inclusive) until `end`. Each is counted from `next`,
 * so a schedule on the 31st stays on month ends instead of drifting to the 28th.
 */
export function upcomingDates(next: string, frequency: string, end: string | null, count = 3): string[] {
  const dates: string[] = [];
  for (let k = 0; dates.length < count; k++) {
    const date = dayjs(next).add(k * (monthsOf[frequency] ?? 1), "month").format("YYYY-MM-DD");
    if (end && date > end) break;
    dates.push(date);
  }
  return dates;
}

function check(template: Row): void {
  const errors: FieldErrors = {};
  const [start, next, end] = [template.start_date, template.next_date, template.end_date].map((d) => (d ? String(d) : null));
  if (money(String(template.amount)).lte(0)) errors.amount = ["must be greater than 0"];
  if (end && start && end < start) errors.end_date = ["must be on or after the start date"];
  if (next && start && next < start) errors.next_date = ["must be on or after the start date"];
  else if (next && end && next > end && !errors.end_date) errors.next_date = ["must be on or before the end date"];
  const lines = (template.debit_entries as unknown[] | undefined) ?? [];
  if (lines.length > 0 && !codingValid(template.amount, lines)) errors.debit_entries = ["GL coding lines must add up to the invoice amount"];
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export const recurringInvoiceHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.currency = currencyOf(String(row.currency_code));
      row.valid = codingValid(row.amount, row.debit_entries);
      row.upcoming_dates = row.status === "ACTIVE" && row.next_date ? upcomingDates(String(row.next_date), String(row.frequency), row.end_date as string | null).join(", ") : "";
    }
  },
  beforeCreate(data) {
    data.next_date ??= data.start_date;
    check(data);
  },
  beforeUpdate(data, existing) {
    check({ ...existing, ...data });
  },
};
