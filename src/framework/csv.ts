/**
 * Every CSV the app writes (the server's check register, the client's list exports) goes through
 * `toCsv`, which neutralises spreadsheet formulas (CSV injection): a cell starting with = + - @, a tab
 * or a carriage return is prefixed with a single quote, so Excel, LibreOffice and Google Sheets show it
 * as text instead of evaluating it. A plain number (-12.50, +3, -1,234.56) stays as it is: a spreadsheet
 * reads it as a number, and digits with separators cannot form a formula. papaparse's own
 * `escapeFormulae` would quote negative amounts too, so it is not used.
 */
import Papa from "papaparse";

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?\d[\d,. ]*$/;

export function neutraliseCell(value: string): string {
  return formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
}

export function toCsv(head: readonly string[], body: readonly (readonly string[])[]): string {
  return Papa.unparse({ fields: head.map(neutraliseCell), data: body.map((row) => row.map(neutraliseCell)) });
}

/** Rows of a CSV written in parts (a streamed export): no header, each line ended by CRLF. */
export function csvLines(body: readonly (readonly string[])[]): string {
  return body.length ? `${Papa.unparse(body.map((row) => row.map(neutraliseCell)), { header: false })}\r\n` : "";
}
