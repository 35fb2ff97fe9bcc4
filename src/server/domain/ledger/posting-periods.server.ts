/** The server side of posting_periods (periods.ts): a create names its month, close/reopen, the close checklist, the revaluation. */
import postingPeriods from "../../../../resources/posting_periods.js";
import { defineServerModule, type ActionHandler } from "../../resources/modules.js";
import { unprocessable } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import { closeChecklist } from "./close-checklist.js";
import { revaluePeriod } from "./fx.js";
import { journalLayouts, periodJournalFile, type JournalFormat, type JournalLayout } from "./journal-export.js";
import { monthOf, type PeriodRow } from "./periods.js";

const periodOf = (row: Row): PeriodRow & { revalued_on: unknown } => ({
  id: row.id as number, name: String(row.name), start_date: String(row.start_date), end_date: String(row.end_date), status: String(row.status), revalued_on: row.revalued_on,
});

/** Close: the row is locked FOR UPDATE by the action, so postings in flight into it finish first (they hold it FOR SHARE). */
const close: ActionHandler = async ({ row, ctx }) => {
  await ctx.db.updateTable("posting_periods").set({ status: "CLOSED", closed_at: new Date(), closed_by_id: ctx.user.id, updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", row.id as number).execute();
};

/** Reopen: the action's audit row keeps who, when and the reason given. */
const reopen: ActionHandler = async ({ row, ctx }) => {
  await ctx.db.updateTable("posting_periods").set({ status: "OPEN", updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", row.id as number).execute();
};

/** A download of the period's journal: the layout from the action's name, else from ?layout= (generic by default). */
function journalDownload(named: JournalLayout | undefined, format: JournalFormat): ActionHandler {
  return async ({ row, input, ctx }) => {
    const asked = named ?? (input.layout === undefined ? "generic" : input.layout);
    if (!journalLayouts.includes(asked as JournalLayout)) throw unprocessable({ layout: [`must be one of ${journalLayouts.join(", ")}`] });
    const file = await periodJournalFile(ctx.db, ctx.company.id, [row.id as number], asked as JournalLayout, format, `Journal ${String(row.name)}`);
    return { file };
  };
}

const revalue: ActionHandler = async ({ row, ctx }) => {
  if (row.status !== "OPEN") throw unprocessable({ base: [`The posting period ${String(row.name)} is closed: reopen it to post its revaluation`] });
  await revaluePeriod(ctx.db, ctx.company.id, periodOf(row));
};

export default defineServerModule(postingPeriods, {
  hooks: {
    beforeCreate(data) {
      // a period is a calendar month: any date names its month
      if (typeof data.start_date === "string") Object.assign(data, monthOf(data.start_date));
    },
  },
  actions: {
    checklist: async ({ row, ctx }) => ({ data: await closeChecklist(ctx.db, ctx.company.id, periodOf(row)) }),
    close,
    reopen,
    revalue,
    "journal.csv": journalDownload(undefined, "csv"),
    "journal.xlsx": journalDownload(undefined, "xlsx"),
    "quickbooks.csv": journalDownload("quickbooks", "csv"),
    "xero.csv": journalDownload("xero", "csv"),
    "netsuite.csv": journalDownload("netsuite", "csv"),
  },
});
