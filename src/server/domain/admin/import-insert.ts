/**
 * The set-based create of an import's batch, for a resource whose create has nothing to run per row:
 * no create, insert or after-write hook, no approval workflow (`approvable`), not the line of a
 * document, no lines of its own and no PostgreSQL array column (db/bulk.ts cannot carry one). Its rows
 * were checked by the same rules as a POST (import-rows.ts); they go in with ONE insert (db/bulk.ts
 * insertRows) and their audit rows with one more (write.ts auditMany). Every other resource's rows
 * take the generic path one by one (import-run.ts).
 */
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import { propertiesOf } from "../../../framework/schema.js";
import { insertRows } from "../../db/bulk.js";
import type { DB } from "../../db/connect.js";
import { companyScoped } from "../../db/tables.js";
import type { Ctx, Row } from "../../resources/context.js";
import { lineDocument } from "../../resources/lines.js";
import { hooksOf } from "../../resources/modules.js";
import { auditMany } from "../../resources/write.js";

export function insertsTogether(resource: ResourceDef): boolean {
  const hooks = hooksOf(resource);
  const arrayColumn = Object.values(propertiesOf(resource)).some((p) => p.type === "array" && (p.items?.type === "integer" || (p.items?.type === "string" && !p.items.format)));
  return !hooks.beforeCreate && !hooks.insert && !hooks.afterWrite && !resource.approvable && !resource.lines?.length && !lineDocument(resource) && !arrayColumn;
}

/** Insert `rows` (checked values) with their audit rows in the caller's transaction; a constraint violation throws (the batch then goes row by row). */
export async function insertTogether(resource: ResourceDef, rows: readonly Row[], ctx: Ctx, trx: DB): Promise<void> {
  if (rows.length === 0) return;
  const properties = propertiesOf(resource);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  // a value the row does not give is the column's default, as a single insert would leave it
  const fill = (row: Row): Row => Object.fromEntries(columns.map((c) => [c, row[c] !== undefined ? row[c] : (properties[c]?.default ?? null)]));
  const owned = { ...(companyScoped(resource) ? { company_id: ctx.company.id } : {}), ...(resource.owner ? { [resource.owner]: ctx.user.id } : {}) };
  const inserted = await insertRows(trx, tableOf(resource), rows.map((row) => ({ ...fill(row), ...owned })));
  await auditMany(trx, ctx, "create", resource, inserted.map((row, i) => ({ id: Number(row.id), changes: rows[i] })));
}
