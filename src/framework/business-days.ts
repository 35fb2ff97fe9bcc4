/**
 * Payment dates: banks settle on business days, that is weekdays that are not US Federal Reserve
 * holidays, and a payment submitted after the cut-off (4pm PST / 7pm EST, spec constants) is
 * processed the next business day. Dates are ISO `YYYY-MM-DD` strings; arithmetic is in UTC so the
 * server's time zone never shifts a day.
 */
const DAY_MS = 86_400_000;
/** 7pm in New York is 4pm in Los Angeles: one instant, read in the Eastern time zone. */
const CUTOFF_ZONE = "America/New_York";
const CUTOFF_HOUR = 19;

const iso = (time: number): string => new Date(time).toISOString().slice(0, 10);
const timeOf = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const pad = (n: number) => String(n).padStart(2, "0");

/** The `nth` (1-based; -1 = last) `weekday` (0 = Sunday) of a month, as an ISO date. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return `${year}-${pad(month)}-${pad(1 + ((weekday - first + 7) % 7) + (nth - 1) * 7)}`;
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return `${year}-${pad(month)}-${pad(lastDay.getUTCDate() - back)}`;
}

/**
 * A fixed-date holiday on a Sunday is observed on the Monday; on a Saturday the Federal Reserve
 * stays open the Friday before, so no day is closed.
 */
function observed(date: string): string | null {
  const weekday = new Date(timeOf(date)).getUTCDay();
  if (weekday === 0) return iso(timeOf(date) + DAY_MS);
  return weekday === 6 ? null : date;
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** The days the Federal Reserve is closed in a year (its published holiday schedule rules). */
export function federalReserveHolidays(year: number): ReadonlySet<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const fixed = ["01-01", "06-19", "07-04", "11-11", "12-25"].map((day) => observed(`${year}-${day}`));
  const floating = [
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
  ];
  const holidays = new Set([...fixed, ...floating].filter((d): d is string => d !== null));
  holidayCache.set(year, holidays);
  return holidays;
}

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(timeOf(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !federalReserveHolidays(Number(date.slice(0, 4))).has(date);
}

/** The first business day on or after `date`. */
export function businessDayOnOrAfter(date: string): string {
  let time = timeOf(date);
  while (!isBusinessDay(iso(time))) time += DAY_MS;
  return iso(time);
}

/** The first business day after `date`. */
export const nextBusinessDay = (date: string): string => businessDayOnOrAfter(iso(timeOf(date) + DAY_MS));

/** The earliest payment date for a payment submitted at `now`: today when before the cut-off on a business day. */
export function earliestPaymentDate(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: CUTOFF_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" })
      .formatToParts(now).map((p) => [p.type, p.value]),
  );
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  return Number(parts.hour) >= CUTOFF_HOUR ? nextBusinessDay(today) : businessDayOnOrAfter(today);
}
