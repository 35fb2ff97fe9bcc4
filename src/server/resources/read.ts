import type { ResourceDef } from "../../framework/resource.js";
import { writeOnlyFields } from "../../framework/schema.js";
import { hooksOf } from "./modules.js";
import type { Ctx, Row } from "./context.js";
import { embedRelations } from "./relations.js";

/** Rows as the API returns them: relations embedded, computed fields added, write-only fields removed. */
export async function decorate(resource: ResourceDef, rows: Row[], ctx: Ctx, withMany: boolean): Promise<Row[]> {
  await embedRelations(resource, rows, ctx, withMany);
  await hooksOf(resource).decorate?.(rows, ctx);
  return rows.map((row) => withoutWriteOnly(resource, row));
}

export function withoutWriteOnly(resource: ResourceDef, row: Row): Row {
  for (const field of writeOnlyFields(resource)) delete row[field];
  return row;
}
