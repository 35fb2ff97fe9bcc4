/**
 * List exports (data spec, general list behaviour): the current filtered rows, dates as MM/DD/YYYY.
 * CSV (formula cells neutralised, framework/csv.ts) named after the list; PDF (portrait LETTER, "page x of y").
 * Both writers load on demand, off the list's first load.
 */

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

/** formula cells neutralised (framework/csv.ts) */
export async function toCsv(table: ExportTable): Promise<string> {
  const csv = await import("../../framework/csv.js");
  return csv.toCsv(table.head, table.body);
}

export const downloadCsv = async (table: ExportTable) =>
  download(new Blob([await toCsv(table)], { type: "text/csv;charset=utf-8" }), `${table.name}.csv`);

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
