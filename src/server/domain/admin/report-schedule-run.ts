/**
 * The scheduled run of reports: every ACTIVE schedule whose next_run_at has come runs its report (NEW
 * or ACTIVE) as the report's creator and delivers it to the schedule's recipients. Transaction
 * contract (as recurring-invoice-run.ts): one transaction per schedule, which claims the schedule row
 * with FOR UPDATE SKIP LOCKED, runs, delivers and advances next_run_at — two runs in parallel deliver
 * once. A failed run (the creator gone or refused, a query error) is recorded on the report and the
 * schedule still advances: a report that cannot run would otherwise be retried every few minutes
 * for ever; the next period runs again, and the failure is shown on the report.
 */
import type { DB } from "../../db/connect.js";
import { inTransaction, type UnitContext } from "../../db/unit-of-work.js";
import { HttpError } from "../../errors.js";
import { userSession } from "../identity/membership.js";
import { QueryError } from "../../resources/grammar.js";
import { nextRunAt, type Frequency } from "./reports.js";
import { recordRun, runReport } from "./report-run.js";

/** Runs one due schedule, if any is left unclaimed; returns its id, or undefined when none is due. */
async function runOne(db: DB, now: Date): Promise<number | undefined> {
  const unitCtx: UnitContext = { db };
  return inTransaction(unitCtx, async (trx, tctx) => {
    const schedule = await trx.selectFrom("report_schedules").selectAll()
      .where("status", "=", "ACTIVE").where("next_run_at", "<=", now)
      .orderBy("next_run_at").orderBy("id").limit(1).forUpdate().skipLocked().executeTakeFirst();
    if (!schedule) return undefined;
    await trx.updateTable("report_schedules").set({ next_run_at: nextRunAt(schedule.frequency as Frequency, now), updated_at: new Date() })
      .where("id", "=", schedule.id).execute();
    const report = await trx.selectFrom("reports").selectAll().where("id", "=", schedule.report_id).where("company_id", "=", schedule.company_id).executeTakeFirst();
    if (!report || !["NEW", "ACTIVE"].includes(String(report.status))) return schedule.id;
    const session = report.created_by_user_id == null ? undefined : await userSession(trx, report.created_by_user_id, schedule.company_id);
    if (!session) {
      await recordRun(trx, report.id, { last_run_status: "FAILED", last_run_error: "The report's creator is no longer an active user of the company." });
      return schedule.id;
    }
    const ctx = { ...session, db: trx, unit: tctx.unit };
    try {
      await runReport(trx, ctx, report, (schedule.recipients as string[] | null) ?? [], now);
    } catch (error) {
      if (!(error instanceof HttpError || error instanceof QueryError)) throw error;
      await recordRun(trx, report.id, { last_run_status: "FAILED", last_run_error: error.message });
    }
    return schedule.id;
  });
}

/** Runs every due schedule up to `now`; returns the ids of the schedules this caller ran. */
export async function runReportSchedules(db: DB, now: Date = new Date()): Promise<number[]> {
  const ran: number[] = [];
  for (let id = await runOne(db, now); id !== undefined; id = await runOne(db, now)) ran.push(id);
  return ran;
}
