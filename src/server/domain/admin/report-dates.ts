/**
 * The date ranges of data-spec 9 as first and last day (YYYY-MM-DD, inclusive) relative to the run
 * date: past_N = the N days up to and including the run date; current_* = from the period's first day
 * to the run date; previous_* = the whole period before. Weeks start on Monday.
 */
import dayjs, { type Dayjs } from "dayjs";
import utc from "dayjs/plugin/utc.js";
import type { reportDateRanges } from "../../../../schemas/report.js";

dayjs.extend(utc);

export type ReportDateRange = (typeof reportDateRanges)[number];

const day = (d: Dayjs) => d.format("YYYY-MM-DD");
const mondayOf = (d: Dayjs) => d.subtract((d.day() + 6) % 7, "day");
const quarterOf = (d: Dayjs) => d.startOf("month").month(Math.floor(d.month() / 3) * 3);

export function dateRangeOf(range: ReportDateRange, runDate: Date): { from: string; to: string } {
  const today = dayjs.utc(runDate).startOf("day");
  const past = /^past_(\d+)$/.exec(range);
  if (past) return { from: day(today.subtract(Number(past[1]) - 1, "day")), to: day(today) };
  const starts: Record<string, [Dayjs, "week" | "month" | "quarter" | "year"]> = {
    week: [mondayOf(today), "week"], month: [today.startOf("month"), "month"],
    quarter: [quarterOf(today), "quarter"], year: [today.startOf("year"), "year"],
  };
  const [which, unit] = range.split("_") as ["current" | "previous", string];
  const [start, period] = starts[unit];
  const step = period === "quarter" ? ([3, "month"] as const) : ([1, period] as const);
  if (which === "current") return { from: day(start), to: day(today) };
  const previous = start.subtract(step[0], step[1]);
  return { from: day(previous), to: day(start.subtract(1, "day")) };
}
