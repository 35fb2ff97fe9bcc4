/**
 * Posting periods, the one rule (docs/ledger.md): every journal entry posted through `post`
 * (ledger.ts) is placed in the company's period of its date — a calendar month, created on first use.
 * An OPEN period takes it. A CLOSED one, per the company's `closed_period_posting`:
 * - REFUSE (the default): the whole posting is refused, 422 with a plain message;
 * - NEXT_OPEN: the entry keeps its date but is posted in the next open period (created when none
 *   exists yet) with `prior_period` set on its lines (and on its invoice or payment).
 * The periods read are locked FOR SHARE, so a close (which locks its period FOR UPDATE) waits for
 * postings in flight and a posting waits for a close in flight: nothing lands in a period after it closed.
 */
import dayjs from "dayjs";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";

export type ClosedPeriodPosting = "REFUSE" | "NEXT_OPEN";
export const closedPeriodPostings: readonly ClosedPeriodPosting[] = ["REFUSE", "NEXT_OPEN"];

export interface PeriodRow {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  status: string;
}

/** Where an entry dated `date` is posted. */
export interface Placement {
  period: PeriodRow;
  prior_period: boolean;
}

const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The month of `date`: its day 1, last day and name ("Nov 2026"). */
export function monthOf(date: string): { start_date: string; end_date: string; name: string } {
  const start = dayjs(date).startOf("month");
  return { start_date: start.format("YYYY-MM-DD"), end_date: start.endOf("month").format("YYYY-MM-DD"), name: `${monthNames[start.month()]} ${start.year()}` };
}

/** Day 1 of the month after `date`'s. */
export const nextMonthStart = (date: string): string => dayjs(date).startOf("month").add(1, "month").format("YYYY-MM-DD");

/** The periods starting on `starts`, created OPEN where missing, locked FOR SHARE; by start date. */
export async function ensurePeriods(trx: DB, companyId: number, starts: readonly string[]): Promise<Map<string, PeriodRow>> {
  const unique = [...new Set(starts.map((d) => monthOf(d).start_date))];
  if (unique.length === 0) return new Map();
  await trx.insertInto("posting_periods").values(unique.map((start) => ({ company_id: companyId, ...monthOf(start), status: "OPEN" })))
    .onConflict((oc) => oc.columns(["company_id", "start_date"]).doNothing()).execute();
  const rows = await trx.selectFrom("posting_periods").select(["id", "name", "start_date", "end_date", "status"])
    .where("company_id", "=", companyId).where("start_date", "in", unique).forShare().execute();
  return new Map(rows.map((r) => [String(r.start_date), { ...r, start_date: String(r.start_date), end_date: String(r.end_date), name: String(r.name) }]));
}

/** The company's rule for a posting dated in a closed period. */
export async function closedPeriodPosting(trx: DB, companyId: number): Promise<ClosedPeriodPosting> {
  const row = await trx.selectFrom("companies").select("closed_period_posting").where("id", "=", companyId).executeTakeFirst();
  return row?.closed_period_posting === "NEXT_OPEN" ? "NEXT_OPEN" : "REFUSE";
}

export const closedPeriodMessage = (period: Pick<PeriodRow, "name">, date: string) =>
  `The posting period ${period.name} is closed: nothing dated ${date} can be posted. Reopen the period or use a date in an open period.`;

/** The first open period after `period` (months created as needed; at most ten years ahead). */
async function nextOpen(trx: DB, companyId: number, period: PeriodRow): Promise<PeriodRow> {
  let start = period.start_date;
  for (let n = 0; n < 120; n++) {
    start = nextMonthStart(start);
    const next = (await ensurePeriods(trx, companyId, [start])).get(start)!;
    if (next.status === "OPEN") return next;
  }
  throw unprocessable({ base: [`No open posting period follows ${period.name}`] });
}

/** The placement of each of `dates` (by date): the rule above, applied once per month. */
export async function placeDates(trx: DB, companyId: number, dates: readonly string[]): Promise<Map<string, Placement>> {
  const periods = await ensurePeriods(trx, companyId, dates);
  const placements = new Map<string, Placement>();
  let rule: ClosedPeriodPosting | undefined;
  const moved = new Map<string, PeriodRow>();
  for (const date of new Set(dates)) {
    const period = periods.get(monthOf(date).start_date)!;
    if (period.status === "OPEN") {
      placements.set(date, { period, prior_period: false });
      continue;
    }
    rule ??= await closedPeriodPosting(trx, companyId);
    if (rule === "REFUSE") throw unprocessable({ base: [closedPeriodMessage(period, date)] });
    let target = moved.get(period.start_date);
    if (!target) {
      target = await nextOpen(trx, companyId, period);
      moved.set(period.start_date, target);
    }
    placements.set(date, { period: target, prior_period: true });
  }
  return placements;
}
