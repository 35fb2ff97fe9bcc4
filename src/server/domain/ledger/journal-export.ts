/**
 * The journal of posting periods as a file an accounting system imports (docs/ledger.md "Journal
 * export"): CSV or xlsx, in a generic layout or the import layouts of QuickBooks Online (journal entry
 * import), Xero (manual journal import) and NetSuite (journal entry CSV import). Lines are grouped by
 * entry (the entry number is each layout's journal key: JournalNo, Narration + Date, External ID) and
 * every entry is checked to balance before a byte is written: a file never carries a half entry.
 * Amounts are in the functional currency, exact strings with two decimals.
 */
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { formatDate } from "../../../framework/dates.js";
import { money, sum } from "../../../framework/money.js";
import { toCsv } from "../../../framework/csv.js";
import type { DB } from "../../db/connect.js";

export const journalLayouts = ["generic", "quickbooks", "xero", "netsuite"] as const;
export type JournalLayout = (typeof journalLayouts)[number];
export const journalFormats = ["csv", "xlsx"] as const;
export type JournalFormat = (typeof journalFormats)[number];

export interface ExportLine {
  entry_number: string;
  date: string;
  posting_period_name: string;
  prior_period: boolean;
  account_number: string;
  account_name: string;
  description: string;
  entry_description: string;
  debit: string;
  credit: string;
  source_type: string;
  orig_amount: string | null;
  orig_currency: string | null;
}

/** Each layout's header row, as its importer documents it, and one row per journal line. */
interface Layout {
  head: readonly string[];
  row(line: ExportLine, currency: string, dateFormat: string): string[];
}

const blankZero = (amount: string) => (money(amount).isZero() ? "" : amount);
const iso = (date: string) => date;

export const layouts: Readonly<Record<JournalLayout, Layout>> = {
  generic: {
    head: ["Entry Number", "Date", "Posting Period", "Prior Period", "Account Number", "Account Name", "Description", "Debit", "Credit", "Currency", "Source", "Original Amount", "Original Currency"],
    row: (l, currency) => [l.entry_number, iso(l.date), l.posting_period_name, l.prior_period ? "Yes" : "No", l.account_number, l.account_name, l.description,
      l.debit, l.credit, currency, l.source_type, l.orig_amount ?? "", l.orig_currency ?? ""],
  },
  // QuickBooks Online, Import journal entries: lines sharing a JournalNo make one entry; dates in the company's format
  quickbooks: {
    head: ["JournalNo", "JournalDate", "Currency", "Memo", "AccountName", "Debits", "Credits", "Description", "Name", "Location", "Class"],
    row: (l, currency, dateFormat) => [l.entry_number, formatDate(l.date, dateFormat), currency, l.entry_description, l.account_name, blankZero(l.debit), blankZero(l.credit), l.description, "", "", ""],
  },
  // Xero, Import manual journals: lines sharing Narration and Date make one journal; dd/mm/yyyy; Amount positive = debit, negative = credit
  xero: {
    head: ["Narration", "Date", "Description", "AccountCode", "TaxRate", "Amount", "TrackingName1", "TrackingOption1", "TrackingName2", "TrackingOption2"],
    row: (l) => [`${l.entry_number} ${l.entry_description}`.slice(0, 255), formatDate(l.date, "DD/MM/YYYY"), l.description, l.account_number, "Tax Exempt",
      money(l.debit).minus(l.credit).toFixed(2), "", "", "", ""],
  },
  // NetSuite, Journal Entry CSV import: lines sharing an External ID make one entry
  netsuite: {
    head: ["External ID", "Date", "Posting Period", "Currency", "Memo", "Account", "Debit", "Credit", "Line Memo", "Name", "Department", "Class", "Location"],
    row: (l, currency, dateFormat) => [l.entry_number, formatDate(l.date, dateFormat), l.posting_period_name, currency, l.entry_description, l.account_number,
      blankZero(l.debit), blankZero(l.credit), l.description, "", "", "", ""],
  },
};

/** The lines posted in the company's periods `periodIds`, by entry, each entry's lines in posting order. */
export async function exportLines(db: DB, companyId: number, periodIds: readonly number[]): Promise<ExportLine[]> {
  if (periodIds.length === 0) return [];
  const { rows } = await sql<ExportLine>`
    select t.entry_number, t.date::text as date, coalesce(t.posting_period_name, '') as posting_period_name, t.prior_period,
      a.number as account_number, a.name as account_name, coalesce(t.description, '') as description,
      coalesce(first_value(t.description) over (partition by t.entry_number order by t.id), '') as entry_description,
      t.debit_amount::numeric(18,2)::text as debit, t.credit_amount::numeric(18,2)::text as credit, t.account_transactionable_type as source_type,
      t.orig_amount::numeric(18,2)::text as orig_amount, t.orig_currency
    from account_transactions t join accounts a on a.id = t.account_id
    where t.company_id = ${companyId} and t.posting_period_id = any(${sql.val([...periodIds])}::int[])
    order by t.date, t.entry_number, t.id`.execute(db);
  return rows;
}

/** Debits = credits per entry, or an error naming the entry (never a file that would not import). */
export function assertEntriesBalance(lines: readonly ExportLine[]): void {
  const byEntry = new Map<string, ExportLine[]>();
  for (const line of lines) byEntry.set(line.entry_number, [...(byEntry.get(line.entry_number) ?? []), line]);
  for (const [entry, own] of byEntry) {
    const debits = sum(own.map((l) => l.debit));
    const credits = sum(own.map((l) => l.credit));
    if (debits !== credits) throw new Error(`journal entry ${entry} does not balance: debits ${debits}, credits ${credits}`);
  }
}

export interface JournalFile { content: Buffer; contentType: string; fileName: string }

/** The file of `lines` in `layout` and `format`. */
export async function journalFile(lines: readonly ExportLine[], options: { layout: JournalLayout; format: JournalFormat; currency: string; dateFormat: string; name: string }): Promise<JournalFile> {
  assertEntriesBalance(lines);
  const layout = layouts[options.layout];
  const rows = lines.map((l) => layout.row(l, options.currency, options.dateFormat));
  const fileName = `${options.name.replace(/[^\w .-]/g, "_")} ${options.layout}.${options.format}`;
  if (options.format === "csv") return { content: Buffer.from(toCsv(layout.head, rows), "utf8"), contentType: "text/csv; charset=utf-8", fileName };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Journal");
  sheet.addRow([...layout.head]);
  sheet.getRow(1).font = { bold: true };
  // amounts as numbers, so a spreadsheet sums them (two decimals are exact as doubles below 90 trillion)
  const amountColumns = new Set(layout.head.map((h, i) => (/^(Debit|Credit|Debits|Credits|Amount|Original Amount)$/.test(h) ? i : -1)).filter((i) => i >= 0));
  for (const row of rows) sheet.addRow(row.map((cell, i) => (amountColumns.has(i) && cell !== "" ? Number(cell) : cell)));
  for (const i of amountColumns) sheet.getColumn(i + 1).numFmt = "#,##0.00";
  return { content: Buffer.from(await workbook.xlsx.writeBuffer()), contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", fileName };
}

/** The journal of one company's periods as a file, with the company's currency and date format. */
export async function periodJournalFile(db: DB, companyId: number, periodIds: readonly number[], layout: JournalLayout, format: JournalFormat, name: string): Promise<JournalFile> {
  const company = await db.selectFrom("companies").select(["currency_code", "company_date_format"]).where("id", "=", companyId).executeTakeFirstOrThrow();
  return journalFile(await exportLines(db, companyId, periodIds), { layout, format, currency: company.currency_code, dateFormat: String(company.company_date_format), name });
}
