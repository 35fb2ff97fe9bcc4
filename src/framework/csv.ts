/**
 * Every CSV the app writes (the server's check register, the client's list exports) goes through
 * `toCsv`, which neutralises spreadsheet formulas (CSV injection) for spreadsheets whose list separator
 * is `,` and for those whose separator is `;` (most of continental Europe):
 * - a cell starting with = + - @, a tab or a carriage return is prefixed with a single quote, so Excel,
 *   LibreOffice and Google Sheets show it as text instead of evaluating it;
 * - so is every part of a cell after a `,` or `;` (`x;=1+1` → `x;'=1+1`): a reader that splits on the
 *   other separator, or ignores quotes, would otherwise see a cell starting with `=`;
 * - a cell holding either separator is always quoted, so a `;` spreadsheet keeps it one cell.
 * A plain number (-12.50, +3, -1,234.56) stays as it is: a spreadsheet reads it as a number, and
 * digits with separators cannot form a formula. papaparse's own `escapeFormulae` would quote negative
 * amounts too, so it is not used.
 */
import Papa from "papaparse";

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?\d[\d,. ]*$/;
/** a separator, the spaces after it, and the part up to the next separator when it starts like a formula */
const partAfterSeparator = /([,;])( *)([=+\-@\t\r][^,;]*)/g;
const separators = /[,;]/;

const neutralisedPart = (part: string): string => (formulaStart.test(part) && !plainNumber.test(part) ? `'${part}` : part);

export function neutraliseCell(value: string): string {
  // a whole plain number ("-1,234.56") is left alone; its parts are digits and cannot start a formula
  if (plainNumber.test(value)) return value;
  const inner = separators.test(value) ? value.replace(partAfterSeparator, (_all, separator: string, spaces: string, part: string) => `${separator}${spaces}${neutralisedPart(part)}`) : value;
  return neutralisedPart(inner);
}

/** papaparse quotes a cell with `,`, a quote or a line break; a `;` (the other list separator) too. */
const quoted = (value: unknown): boolean => typeof value === "string" && value.includes(";");

export function toCsv(head: readonly string[], body: readonly (readonly string[])[]): string {
  return Papa.unparse({ fields: head.map(neutraliseCell), data: body.map((row) => row.map(neutraliseCell)) }, { quotes: quoted });
}

/** Rows of a CSV written in parts (a streamed export): no header, each line ended by CRLF. */
export function csvLines(body: readonly (readonly string[])[]): string {
  return body.length ? `${Papa.unparse(body.map((row) => row.map(neutraliseCell)), { header: false, quotes: quoted })}\r\n` : "";
}
