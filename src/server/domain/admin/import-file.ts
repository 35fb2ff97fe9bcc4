/**
 * The CSV side of an import: the file read into rows (papaparse), its header row matched to the
 * resource's fields by field name or label, case-insensitively, and the error file (the failed rows as
 * they were, with an error column) written formula-safe by framework/csv.ts.
 */
import Papa from "papaparse";
import { toCsv } from "../../../framework/csv.js";
import { importableFields } from "../../../framework/imports.js";
import type { ResourceDef } from "../../../framework/resource.js";
import { translator } from "../../locale.js";

/** A data row of the file: its line as a spreadsheet numbers it (the header is line 1) and its cells. */
export interface FileRow {
  line: number;
  cells: readonly string[];
}

/** What is wrong with a row, in plain words: `field` is a field of the resource, or "base". */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ParsedFile {
  headers: string[];
  rows: FileRow[];
}

export function parseCsv(content: string): ParsedFile {
  const parsed = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [headers = [], ...body] = parsed.data;
  return { headers: headers.map((h) => h.trim()), rows: body.map((cells, i) => ({ line: i + 2, cells })) };
}

const normalised = (text: string) => text.trim().toLowerCase().replace(/[\s_]+/g, " ");

/** Each header matched to a field by its name or its label (English or the user's language); headers matching none are left out. */
export function autoMapping(resource: ResourceDef, kind: string, headers: readonly string[], language: string): Record<string, string> {
  const names = new Map<string, string>();
  for (const t of new Set([translator("en"), translator(language)])) {
    for (const field of importableFields(resource, kind)) {
      names.set(normalised(field), field);
      names.set(normalised(t(`${resource.name}.fields.${field}`, field)), field);
    }
  }
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const field = names.get(normalised(header));
    if (field && !Object.values(mapping).includes(field)) mapping[header] = field;
  }
  return mapping;
}

/** The rows that failed, as the file had them, each with its errors in a last column. */
export function errorFile(file: ParsedFile, errors: readonly RowError[], label: (field: string) => string): string {
  const byLine = new Map<number, string[]>();
  for (const e of errors) byLine.set(e.row, [...(byLine.get(e.row) ?? []), e.field === "base" ? e.message : `${label(e.field)}: ${e.message}`]);
  const rows = file.rows.filter((r) => byLine.has(r.line)).map((r) => [...file.headers.map((_, i) => r.cells[i] ?? ""), byLine.get(r.line)!.join("; ")]);
  return toCsv([...file.headers, "error"], rows);
}
