/**
 * Running a report (now, or by its schedule): the template's list (report-templates.ts) as the runner
 * may see it, narrowed by the report's date range and filters, written by the list export engine as
 * xlsx or CSV with a total row per currency, kept as a document on the report, then delivered —
 * e-mailed as an attachment (through the outbox, with the run's transaction) and uploaded by SFTP when
 * that is its destination.
 * The outcome is recorded on the report: SUCCEEDED, or FAILED with the reason in plain words (a
 * delivery failure keeps the document; the file can still be downloaded from the report).
 */
import dayjs from "dayjs";
import { Readable } from "node:stream";
import { fieldKey, fieldKind } from "../../../framework/cell-text.js";
import { canAct } from "../../../framework/permissions.js";
import type { BelongsTo, ResourceDef } from "../../../framework/resource.js";
import type { DB } from "../../db/connect.js";
import { forbidden } from "../../errors.js";
import { translator } from "../../locale.js";
import { fileStore } from "../../files/store.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";
import { exportFile, rowsFile, type Column, type ExportFormat } from "../../resources/export.js";
import { related } from "../../resources/query.js";
import { dateRangeOf, type ReportDateRange } from "./report-dates.js";
import { uploadBySftp } from "./report-sftp.js";
import { summaryRows, type ReportSummary } from "./report-summary.js";
import { periodJournalFile, type JournalLayout } from "../ledger/journal-export.js";
import { reportTemplateDefs } from "./report-templates.js";
import { attachUpload } from "./uploads.js";

/** The list query of a report run on `runDate`: the template's filters, the report's, and its date range. */
export function reportQuery(report: Row, runDate: Date): Record<string, unknown> {
  const template = reportTemplateDefs[report.template as keyof typeof reportTemplateDefs];
  const query: Record<string, unknown> = { ...(report.filters as Row | null ?? {}), ...template.filters };
  const field = template.dateField?.[report.date_type === "submit" ? "submit" : "invoice"];
  if (field) {
    const { from, to } = dateRangeOf(report.date_range as ReportDateRange, runDate);
    Object.assign(query, { [`${field}_gte`]: from, [`${field}_lte`]: to });
  }
  return query;
}

/** A summary's columns: the record's fields, the currency, the row count and the sums (totalled per currency). */
function summaryColumns(resource: ResourceDef, summary: ReportSummary, ctx: Ctx): Column[] {
  const translate = translator(ctx.contact.language);
  const target = related((resource.relations?.[summary.by] as BelongsTo).resource);
  return [
    ...summary.show.map((field) => ({ field: `${summary.by}.${field}`, heading: translate(fieldKey(target.name, field), field), kind: fieldKind(target, field) })),
    { field: "currency_code", heading: translate("reports.currency", "Currency"), kind: "text" as const },
    { field: "count", heading: translate(`reports.count.${resource.name}`, "Count"), kind: "number" as const },
    ...summary.sums.map((field) => ({ field, heading: translate(fieldKey(resource.name, field), field), kind: "money" as const, totalCurrency: "currency_code" })),
  ];
}

/** A journal export's file: the periods starting within the report's date range (previous_month: last month's period). */
async function journalReportFile(trx: DB, ctx: Ctx, report: Row, layout: JournalLayout, runDate: Date): Promise<{ content: Buffer; contentType: string }> {
  const { from, to } = dateRangeOf(report.date_range as ReportDateRange, runDate);
  const periods = await trx.selectFrom("posting_periods").select("id").where("company_id", "=", ctx.company.id)
    .where("start_date", ">=", dayjs(from).startOf("month").format("YYYY-MM-DD")).where("start_date", "<=", to).execute();
  return periodJournalFile(trx, ctx.company.id, periods.map((p) => p.id), layout, report.export_format === "csv" ? "csv" : "xlsx", String(report.name));
}

const safeName = (name: string) => name.replace(/[^\w .-]/g, "_").trim().slice(0, 100) || "report";

/**
 * Runs `report` as `ctx`'s user in `ctx`'s transaction; `recipients` get the file by e-mail (a schedule's
 * recipients, whatever the destination; the runner of a run now of a report that goes by e-mail).
 * 403 when the user may not list what the template lists. Returns the document's id.
 */
export async function runReport(trx: DB, ctx: Ctx, report: Row, recipients: readonly string[], runDate = new Date()): Promise<number> {
  const template = reportTemplateDefs[report.template as keyof typeof reportTemplateDefs];
  const resource = related(template.resource);
  if (!canAct(ctx.principal, resource, "list")) throw forbidden(`You may not see the ${resource.name.replace(/_/g, " ")} this report lists.`);
  const format = report.export_format as ExportFormat;
  const name = String(report.name);
  const fileName = `${safeName(name)} ${dayjs(runDate).format("YYYY-MM-DD")}.${format}`;
  const query = reportQuery(report, runDate);
  const { content, contentType } = template.journal
    ? await journalReportFile(trx, ctx, report, template.journal, runDate)
    : template.summary
    ? await rowsFile(resource, summaryColumns(resource, template.summary, ctx), await summaryRows(resource, query, ctx, template.summary), ctx, format, name)
    : await exportFile(resource, query, ctx, format, name);
  const key = await fileStore(trx).put(Readable.from([content]), { companyId: ctx.company.id });
  const documentId = await attachUpload(trx, ctx, { key, fileName, size: content.length, contentType }, { type: "Report", id: report.id as number });
  for (const to of recipients) {
    queueMail(ctx, {
      to, subject: `${name} (${ctx.company.name})`, text: `The report ${name} is attached.\n\n${ctx.company.name}`,
      attachments: [{ filename: fileName, content, contentType }], related: { type: "Report", id: report.id as number },
    });
  }
  const error = report.destination === "sftp" ? await uploadBySftp(report, fileName, content) : undefined;
  await recordRun(trx, report.id as number, { last_document_id: documentId, last_run_error: error ?? null, last_run_status: error ? "FAILED" : "SUCCEEDED" });
  return documentId;
}

/** The outcome of the latest run, on the report. */
export async function recordRun(trx: DB, reportId: number, outcome: { last_document_id?: number; last_run_status: "SUCCEEDED" | "FAILED"; last_run_error: string | null }): Promise<void> {
  await trx.updateTable("reports").set({ ...outcome, last_run_at: new Date(), updated_at: new Date() }).where("id", "=", reportId).execute();
}
