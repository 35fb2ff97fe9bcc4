import { tableOf, type ResourceDef } from "../../framework/resource.js";
import { writeOnlyFields } from "../../framework/schema.js";
import { hooksOf } from "../domain/hooks.js";
import type { Ctx, Row } from "./context.js";
import { related, scope } from "./query.js";
import { embedRelations } from "./relations.js";
import { untyped } from "../db/connect.js";

/** Rows as the API returns them: relations embedded, computed fields added, write-only fields removed. */
export async function decorate(resource: ResourceDef, rows: Row[], ctx: Ctx, withMany: boolean): Promise<Row[]> {
  await embedRelations(resource, rows, ctx, withMany);
  if (withMany) await embedLines(resource, rows, ctx);
  await hooksOf(resource).decorate?.(rows, ctx);
  return rows.map((row) => withoutWriteOnly(resource, row));
}

/**
 * A document's lines (ResourceDef `lines`), whole and in order, as its line resource returns them:
 * the shape an edit sends back (lines.ts). No cap: a document is read with all its lines.
 */
async function embedLines(resource: ResourceDef, rows: Row[], ctx: Ctx): Promise<void> {
  for (const def of resource.lines ?? []) {
    const relation = resource.relations?.[def.relation];
    if (relation?.kind !== "hasMany") continue;
    const line = related(relation.resource);
    for (const row of rows) {
      let qb = scope(untyped(ctx.db).selectFrom(`${tableOf(line)} as t`).selectAll("t"), line, ctx, "t").where(`t.${relation.foreignKey}`, "=", row.id);
      if (def.position) qb = qb.orderBy(`t.${def.position}`);
      row[def.relation] = await decorate(line, (await qb.orderBy("t.id").execute()) as Row[], ctx, false);
    }
  }
}

export function withoutWriteOnly(resource: ResourceDef, row: Row): Row {
  for (const field of writeOnlyFields(resource)) delete row[field];
  return row;
}
