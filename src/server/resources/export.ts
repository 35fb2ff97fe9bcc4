/**
 * Every list exported on the server: `GET /api/{resource}/export?_format=csv|xlsx&_fields=a,b&_name=…`
 * with the list's own filters, search and sort (the list grammar, permission and tenant scope), every
 * matching row — no cap — streamed in slices so that memory stays flat however long the list.
 *
 * The matching ids are read first, in the list's order, so that the file is the list as it was when
 * the export started: a row added or moved meanwhile is neither doubled nor skipped (a row deleted
 * meanwhile is left out). Cells read as the list shows them (framework/cell-text.ts: labels for codes,
 * names for references) in the reader's language, except that figures stay figures: money and numbers
 * plain (xlsx: numeric cells), dates MM/DD/YYYY (data spec 2; xlsx: date cells). CSV cells that a
 * spreadsheet would run as a formula are neutralised (framework/csv.ts); xlsx cells are never formulas.
 */
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import { cellTexts, fieldKey, fieldKind, numberLocaleOf, type Row } from "../../framework/cell-text.js";
import { valueAt } from "../../framework/conditions.js";
import { csvLines } from "../../framework/csv.js";
import { formatDate, formatDateTime } from "../../framework/dates.js";
import { roundHalfUp } from "../../framework/money-format.js";
import type { ResourceDef } from "../../framework/resource.js";
import { unprocessable } from "../errors.js";
import { translator } from "../locale.js";
import type { Ctx } from "./context.js";
import { hooksOf } from "./modules.js";
import { matchingIds, parseQuery } from "./query.js";
import { readRows } from "./read.js";

export const exportFormats = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof exportFormats)[number];
const exportDateFormat = "MM/DD/YYYY";
/** rows read and written per slice */
const sliceSize = 1000;

type Cell = string | number | Date | null;

export interface Column {
  field: string;
  heading: string;
  kind: ReturnType<typeof fieldKind>;
  /** a column declared `total`: the field naming each row's currency */
  totalCurrency?: string;
}

/** The columns asked for (`_fields`, the list's visible ones), else every column of the list. */
function columnsOf(resource: ResourceDef, fields: unknown, ctx: Ctx): Column[] {
  const declared = resource.columns.map((c) => c.field);
  const asked = typeof fields === "string" && fields ? fields.split(",") : declared;
  const unknown = asked.filter((f) => !declared.includes(f));
  if (unknown.length) throw unprocessable({ _fields: [`${unknown.join(", ")}: not a column of this list`] });
  const translate = translator(ctx.contact.language);
  return asked.map((field) => {
    const declaration = resource.columns.find((c) => c.field === field);
    const totalCurrency = declaration?.total ? (declaration.currency ?? "currency_code") : undefined;
    return { field, heading: translate(fieldKey(resource.name, field), field), kind: fieldKind(resource, field), totalCurrency };
  });
}

/** A cell as the file holds it: figures as numbers or dates for xlsx, as plain text for CSV. */
function cellOf(resource: ResourceDef, column: Column, row: Row, text: (resource: ResourceDef, field: string, row: Row, dateFormat?: string) => string, format: ExportFormat): Cell {
  const value = valueAt(row, column.field);
  if (value === null || value === undefined || value === "") return null;
  // a column's own kind, else what the value says (a computed field without a schema)
  const kind = column.kind === "text" ? fieldKind(resource, column.field, value) : column.kind;
  if (kind === "money" || kind === "number") {
    const plain = kind === "money" ? roundHalfUp(String(value), 2) : String(value);
    return format === "xlsx" ? Number(plain) : plain;
  }
  if (kind === "date") return format === "xlsx" ? new Date(`${String(value).slice(0, 10)}T00:00:00Z`) : formatDate(String(value), exportDateFormat);
  if (kind === "datetime") return format === "xlsx" ? new Date(String(value)) : formatDateTime(String(value), exportDateFormat);
  return text(resource, column.field, row, exportDateFormat);
}

/** The rows, slice by slice. */
async function* rowSlices(resource: ResourceDef, ids: readonly number[], ctx: Ctx, own?: Row[]): AsyncGenerator<Row[]> {
  if (own) {
    yield own;
    return;
  }
  for (let start = 0; start < ids.length; start += sliceSize) yield await readRows(resource, ids.slice(start, start + sliceSize), ctx);
}

/**
 * The rows as cells; with `totals`, then one total row per currency (in cents, so sums are exact) for
 * the columns declared `total` — a sum across currencies would mean nothing and is never written.
 */
async function* cellRows(resource: ResourceDef, slices: AsyncGenerator<Row[]>, columns: Column[], ctx: Ctx, format: ExportFormat, totals = false): AsyncGenerator<Cell[][]> {
  const language = ctx.contact.language;
  const translate = translator(language);
  const { text } = cellTexts({ company: ctx.company, translate, numberLocale: numberLocaleOf(language, ctx.company.currency_code) });
  const sums = new Map<string, number[]>();
  for await (const rows of slices) {
    if (totals) {
      for (const row of rows) {
        columns.forEach((column, i) => {
          if (!column.totalCurrency) return;
          const currency = String(valueAt(row, column.totalCurrency) ?? "");
          const cents = sums.get(currency) ?? sums.set(currency, columns.map(() => 0)).get(currency)!;
          cents[i] += Math.round(Number(valueAt(row, column.field) ?? 0) * 100);
        });
      }
    }
    yield rows.map((row) => columns.map((column) => cellOf(resource, column, row, text, format)));
  }
  if (sums.size === 0) return;
  yield [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, cents]) => columns.map((column, i) => {
    if (i === 0) return `${translate("reports.total", "Total")} ${currency}`;
    if (!column.totalCurrency) return null;
    return format === "xlsx" ? cents[i] / 100 : (cents[i] / 100).toFixed(2);
  }));
}

async function* csvChunks(columns: Column[], slices: AsyncGenerator<Cell[][]>): AsyncGenerator<string> {
  // the byte-order mark: a spreadsheet then reads the file as UTF-8 (names with accents)
  yield `\uFEFF${csvLines([columns.map((c) => c.heading)])}`;
  for await (const rows of slices) yield csvLines(rows.map((row) => row.map((cell) => (cell === null ? "" : String(cell)))));
}

const numberFormats: Partial<Record<Column["kind"], string>> = { money: "#,##0.00", date: "mm/dd/yyyy", datetime: "mm/dd/yyyy hh:mm" };

/** An xlsx workbook written as it goes (exceljs's streaming writer): one sheet named after the list. */
function xlsxStream(name: string, columns: Column[], slices: AsyncGenerator<Cell[][]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // a sheet name is at most 31 characters, without : \ / ? * [ ]
  const sheet = workbook.addWorksheet(name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Export");
  sheet.columns = columns.map((c) => ({ header: c.heading, key: c.field, width: Math.max(12, c.heading.length + 2), style: numberFormats[c.kind] ? { numFmt: numberFormats[c.kind] } : {} }));
  void (async () => {
    for await (const rows of slices) {
      for (const row of rows) sheet.addRow(row).commit();
      // the next slice is read once the file has left at the reader's pace (or the reader has gone)
      if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

const contentTypes: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** `filename` for plain clients, `filename*` (RFC 6266) for the list's name in any language. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\w. -]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The columns, and the matching rows (the list's own answer, or the ids in the list's order); any query error comes first. */
async function listed(resource: ResourceDef, query: Record<string, unknown>, ctx: Ctx) {
  const columns = columnsOf(resource, query._fields, ctx);
  const own = await hooksOf(resource).answers?.list?.(query, ctx);
  if (own !== undefined && !Array.isArray(own)) throw unprocessable({ _format: ["this answer is not a list of rows and cannot be exported"] });
  const ids = own === undefined ? await matchingIds(resource, parseQuery(resource, query, undefined, hooksOf(resource).listParams), ctx) : [];
  return { columns, own: own as Row[] | undefined, ids };
}

const fileOf = (name: string, format: ExportFormat, columns: Column[], slices: AsyncGenerator<Cell[][]>): Readable =>
  format === "xlsx" ? xlsxStream(name, columns, slices) : Readable.from(csvChunks(columns, slices));

/** The export's answer: headers, then the file streamed (the caller has checked the list permission). */
export async function exportList(resource: ResourceDef, query: Record<string, unknown>, ctx: Ctx, reply: FastifyReply): Promise<FastifyReply> {
  const format = query._format ?? "csv";
  if (!exportFormats.includes(format as ExportFormat)) throw unprocessable({ _format: [`must be one of ${exportFormats.join(", ")}`] });
  const name = typeof query._name === "string" && query._name.trim() ? query._name.trim().slice(0, 100) : resource.name;
  // the ids (and any query error) come before the first byte: a refusal is still a plain 4xx
  const { columns, own, ids } = await listed(resource, query, ctx);
  const slices = cellRows(resource, rowSlices(resource, ids, ctx, own), columns, ctx, format as ExportFormat);
  reply.header("content-type", contentTypes[format as ExportFormat]);
  reply.header("content-disposition", disposition(`${name}.${String(format)}`));
  reply.header("x-total-count", String(own?.length ?? ids.length));
  return reply.send(fileOf(name, format as ExportFormat, columns, slices));
}

/** A list as a whole file in memory (a report's), with a total row per currency under the columns declared `total`. */
export async function exportFile(resource: ResourceDef, query: Record<string, unknown>, ctx: Ctx, format: ExportFormat, name: string): Promise<{ content: Buffer; contentType: string }> {
  const { columns, own, ids } = await listed(resource, query, ctx);
  return wholeFile(resource, columns, rowSlices(resource, ids, ctx, own), ctx, format, name);
}

/** Rows in hand (a report's summary lines) as a whole file under `columns`, with a total row per currency. */
export async function rowsFile(resource: ResourceDef, columns: Column[], rows: Row[], ctx: Ctx, format: ExportFormat, name: string): Promise<{ content: Buffer; contentType: string }> {
  return wholeFile(resource, columns, rowSlices(resource, [], ctx, rows), ctx, format, name);
}

async function wholeFile(resource: ResourceDef, columns: Column[], rows: AsyncGenerator<Row[]>, ctx: Ctx, format: ExportFormat, name: string): Promise<{ content: Buffer; contentType: string }> {
  const slices = cellRows(resource, rows, columns, ctx, format, true);
  const chunks = await fileOf(name, format, columns, slices).toArray() as (Buffer | string)[];
  return { content: Buffer.concat(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))), contentType: contentTypes[format] };
}
