/**
 * The preview of an import, written on the import when it is created and again when its mapping
 * changes: the file's header row, the mapping (given, else matched by header), the number of rows and
 * every row's errors (import-rows.ts), nothing written to the resource.
 */
import type { ResourceDef } from "../../../framework/resource.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { importableFields } from "../../../framework/imports.js";
import { autoMapping, parseCsv } from "./import-file.js";
import { checkRows } from "./import-rows.js";

/** A mapping must name columns of the file and fields the import may fill, each once. */
function mappingErrors(resource: ResourceDef, kind: string, headers: readonly string[], mapping: Readonly<Record<string, string>>): string[] {
  const fields = new Set(importableFields(resource, kind));
  const problems: string[] = [];
  for (const [header, field] of Object.entries(mapping)) {
    if (!headers.includes(header)) problems.push(`${header} is not a column of the file`);
    else if (!fields.has(field)) problems.push(`${field} is not a field you can import`);
  }
  const used = Object.values(mapping);
  for (const field of new Set(used.filter((f, i) => used.indexOf(f) !== i))) problems.push(`${field} is mapped from more than one column`);
  if (kind !== "create" && !used.includes("id") && !used.includes(resource.title)) problems.push(`a column must be mapped to id or ${resource.title} to find the records`);
  return problems;
}

/** The server fields of an import of `content` into `resource`: 422 when the file or the mapping cannot be read. */
export async function previewFields(resource: ResourceDef, kind: string, content: unknown, mapping: Readonly<Record<string, string>> | undefined, ctx: Ctx): Promise<Row> {
  const file = parseCsv(typeof content === "string" ? content : "");
  const errors: FieldErrors = {};
  if (file.headers.every((h) => h === "")) errors.content = ["must be a CSV file with a header row"];
  else if (file.rows.length === 0) errors.content = ["has no rows below its header row"];
  const chosen = mapping ?? autoMapping(resource, kind, file.headers, ctx.contact.language);
  const problems = errors.content ? [] : mappingErrors(resource, kind, file.headers, chosen);
  if (problems.length) errors.mapping = problems;
  if (Object.keys(errors).length) throw unprocessable(errors);
  const checked = await checkRows({ resource, kind, headers: file.headers, mapping: chosen }, file.rows, ctx);
  return {
    headers: file.headers, mapping: chosen, total_rows: file.rows.length, processed_rows: 0,
    error_rows: new Set(checked.errors.map((e) => e.row)).size, errors: checked.errors,
  };
}
