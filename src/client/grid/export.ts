/**
 * List exports (data spec, general list behaviour), named after the list, dates as MM/DD/YYYY.
 * CSV and xlsx are written by the server (src/server/resources/export.ts): every row of the list's
 * filters and sort, its visible columns. The PDF, for reading and printing a page's worth, is written
 * here (portrait LETTER, "page x of y") from the first `exportRowLimit` rows; its writer loads on demand.
 */
import type { CrudFilter, CrudSort, LogicalFilter } from "@refinedev/core";
import { downloadFile } from "../download.js";
import { apiUrl } from "../http.js";
import { filterQuery, queryString, sortQuery, withPreset } from "../providers/data.js";

export const exportDateFormat = "MM/DD/YYYY";
export const exportRowLimit = 1000;

export interface ExportTable {
  /** the list's name: file name and PDF heading */
  name: string;
  head: string[];
  body: string[][];
}

export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

export interface ListExport {
  resource: string;
  /** the list's name: the file's name */
  name: string;
  /** the visible columns, in order */
  fields: string[];
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** the view's fixed filters */
  preset: LogicalFilter[];
}

/** The server's file of the whole list, as CSV or xlsx. */
export function downloadExport(list: ListExport, format: "csv" | "xlsx"): Promise<void> {
  const query = { _format: format, _fields: list.fields.join(","), _name: list.name, ...sortQuery(list.sorters), ...filterQuery(withPreset(list.filters, list.preset)) };
  return downloadFile(`${apiUrl}/${list.resource}/export?${queryString(query)}`, `${list.name}.${format}`);
}

export async function downloadPdf(table: ExportTable, pageOf: (page: number, pages: number) => string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import("jspdf"), import("jspdf-autotable")]);
  const doc = new jsPDF({ orientation: "portrait", unit: "pt", format: "letter" });
  doc.text(table.name, 40, 40);
  autoTable(doc, { head: [table.head], body: table.body, startY: 56, styles: { fontSize: 8 }, margin: { bottom: 40 } });
  const pages = doc.getNumberOfPages();
  const { width, height } = doc.internal.pageSize;
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFontSize(8);
    doc.text(pageOf(page, pages), width - 40, height - 20, { align: "right" });
  }
  doc.save(`${table.name}.pdf`);
}
