/**
 * Reports: a new definition starts NEW when its template is ready to run, else PENDING (data-spec
 * "Report templates"); afterwards only ACTIVE/INACTIVE are set by hand. Schedules: the server keeps
 * next_run_at from the frequency (06:00 UTC of the next day, Monday, month or quarter), and a report
 * delivered by e-mail needs recipients.
 */
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { readyReportTemplates } from "../../../../schemas/report.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { QueryError } from "../../resources/grammar.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { parseQuery, related } from "../../resources/query.js";
import { reportQuery } from "./report-run.js";
import { reportTemplateDefs } from "./report-templates.js";

dayjs.extend(utc);

export const initialReportStatus = (template: string) => ((readyReportTemplates as readonly string[]).includes(template) ? "NEW" : "PENDING");

/** 422 on `filters` when the template's list cannot take them (checked on save, so that a run never meets it). */
function checkFilters(report: Row): void {
  try {
    const template = reportTemplateDefs[report.template as keyof typeof reportTemplateDefs];
    parseQuery(related(template.resource), reportQuery(report, new Date()));
  } catch (error) {
    if (error instanceof QueryError) throw unprocessable({ filters: [error.message] });
    throw error;
  }
}

export const reportHooks: ResourceHooks = {
  beforeCreate(data, ctx) {
    checkFilters({ date_type: "invoice", date_range: "past_30", ...data });
    data.status = initialReportStatus(String(data.template));
    data.created_by_user_id = ctx.user.id;
  },
  beforeUpdate(data, existing) {
    checkFilters({ ...existing, ...data });
  },
};

export type Frequency = "daily" | "weekly" | "monthly" | "quarterly";

/** The next run after `now`, at 06:00 UTC. */
export function nextRunAt(frequency: Frequency, now: Date = new Date()): Date {
  const day = dayjs.utc(now).startOf("day").hour(6);
  switch (frequency) {
    case "daily": return day.add(1, "day").toDate();
    case "weekly": return day.add(((8 - day.day()) % 7) || 7, "day").toDate();
    case "monthly": return day.startOf("month").hour(6).add(1, "month").toDate();
    case "quarterly": {
      const quarterStart = day.startOf("month").month(Math.floor(day.month() / 3) * 3).hour(6);
      return quarterStart.add(3, "month").toDate();
    }
  }
}

async function completeSchedule(data: Row, schedule: Row, ctx: Ctx, trx: DB): Promise<void> {
  const report = await trx.selectFrom("reports").select(["destination"]).where("company_id", "=", ctx.company.id).where("id", "=", schedule.report_id as number).executeTakeFirst();
  const recipients = (schedule.recipients as string[] | null) ?? [];
  if (report?.destination === "email" && recipients.length === 0) throw unprocessable({ recipients: ["a report sent by e-mail needs at least one recipient"] });
  data.next_run_at = schedule.status === "INACTIVE" ? null : nextRunAt(schedule.frequency as Frequency);
}

export const reportScheduleHooks: ResourceHooks = {
  beforeCreate: (data, ctx, trx) => completeSchedule(data, { status: "ACTIVE", ...data }, ctx, trx),
  beforeUpdate: (data, existing, ctx, trx) => completeSchedule(data, { ...existing, ...data }, ctx, trx),
};
