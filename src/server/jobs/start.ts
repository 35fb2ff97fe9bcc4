/**
 * The jobs of a server process: the runner for its database (pg-boss on PostgreSQL, the in-process
 * runner on PGlite), the mail-delivery worker (unless MAIL_DELIVERY=off) and the periodic runs, each
 * scheduled by cron and also queued once at start (what came due while no process ran): recurring
 * invoices and accrual reversals (RECURRING_INVOICES_CRON, hourly by default, so a template is issued
 * and an accrual reversed within the hour its day begins) and scheduled reports
 * (REPORT_SCHEDULES_CRON, every five minutes); and the runs of applied imports. Returns the runner; its stop() drains it.
 */
import { config } from "../config.js";
import type { Database } from "../db/connect.js";
import { runAccrualReversals } from "../domain/accruals/accrual-ledger.js";
import { workImports } from "../domain/admin/import-run.js";
import { runRevaluations } from "../domain/ledger/fx.js";
import { workCapture } from "../domain/capture/jobs.js";
import { runReportSchedules } from "../domain/admin/report-schedule-run.js";
import { runRecurringInvoices } from "../domain/payables/recurring-invoice-run.js";
import { workMail } from "../mail/mail-job.js";
import type { MailTransport } from "../mail/transport.js";
import { bossJobs } from "./boss.js";
import { setCurrentJobs, type Jobs } from "./jobs.js";
import { localJobs, type LocalOptions } from "./local.js";

export const recurringInvoicesJob = "recurring-invoices";
/** auto_reverse accruals reversed on day 1 of their next period (accrual-ledger.ts) */
export const accrualReversalsJob = "accrual-reversals";
export const reportSchedulesJob = "report-schedules";
/** last month's open foreign balances revalued, and revaluations reversed on day 1 of the next period (ledger/fx.ts) */
export const revaluationsJob = "fx-revaluations";

export interface StartOptions extends LocalOptions {
  /** PostgreSQL: the database's URL, for pg-boss's own pool */
  databaseUrl?: string;
  mail?: boolean;
  transport?: MailTransport;
  recurringCron?: string;
}

/** The runner of `database`, with no worker yet. */
export async function openJobs(database: Database, options: StartOptions = {}): Promise<Jobs> {
  if (database.kind === "pglite") return localJobs(database.db, options);
  if (!options.databaseUrl) throw new Error("jobs on PostgreSQL need the database URL");
  return bossJobs(database.db, options.databaseUrl, options);
}

export async function startJobs(database: Database, options: StartOptions = {}): Promise<Jobs> {
  const jobs = await openJobs(database, { pollSeconds: config.jobsPollSeconds, ...options });
  const { db } = database;
  setCurrentJobs(jobs);
  const periodic = async (name: string, cron: string, run: (db: Database["db"]) => Promise<unknown>) => {
    await jobs.work(name, async () => {
      await run(db);
    });
    await jobs.schedule(name, cron);
    await jobs.send(name, {}, { singletonKey: "at-start" });
  };
  const hourly = options.recurringCron ?? config.recurringInvoicesCron;
  await periodic(recurringInvoicesJob, hourly, runRecurringInvoices);
  await periodic(accrualReversalsJob, hourly, runAccrualReversals);
  await periodic(revaluationsJob, hourly, runRevaluations);
  await periodic(reportSchedulesJob, config.reportSchedulesCron, runReportSchedules);
  await workImports(jobs, db);
  await workCapture(jobs, db, config.captureImapCron);
  if (options.mail ?? config.mailDelivery) await workMail(jobs, db, options.transport);
  return {
    ...jobs,
    async stop() {
      setCurrentJobs(undefined);
      await jobs.stop();
    },
  };
}
