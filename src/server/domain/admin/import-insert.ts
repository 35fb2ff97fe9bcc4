/**
 * The set-based create of an import's batch, for a resource whose create runs nothing per row that has
 * no batch form: a create hook only with its batch form (`beforeCreateMany`), no insert or after-write
 * hook, not the line of a document, no lines of its own and no PostgreSQL array column (db/bulk.ts
 * cannot carry one); an approvable's chains start for the batch at once (approvals/chains.ts). Its rows
 * were checked by the same rules as a POST (import-rows.ts); they go in with ONE insert (db/bulk.ts
 * insertRows) and their audit rows with one more (write.ts activityRows, built while the rows go in). Every other resource's rows take
 * the generic path one by one (import-run.ts).
 */
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import { propertiesOf } from "../../../framework/schema.js";
import { insertRows, reserveIds } from "../../db/bulk.js";
import type { DB } from "../../db/connect.js";
import { whileRunning } from "../../db/overlap.js";
import { companyScoped } from "../../db/tables.js";
import type { Ctx, Row } from "../../resources/context.js";
import { lineDocument } from "../../resources/lines.js";
import { afterEveryCreateMany, hooksOf } from "../../resources/modules.js";
import { activityRows } from "../../resources/write.js";

export function insertsTogether(resource: ResourceDef): boolean {
  const hooks = hooksOf(resource);
  const arrayColumn = Object.values(propertiesOf(resource)).some((p) => p.type === "array" && (p.items?.type === "integer" || (p.items?.type === "string" && !p.items.format)));
  return (!hooks.beforeCreate || !!hooks.beforeCreateMany) && !hooks.insert && !hooks.afterWrite && !resource.lines?.length && !lineDocument(resource) && !arrayColumn;
}

/**
 * Insert `rows` (checked values) in the caller's transaction as createInTransaction does one by one, for
 * the whole batch at once: ids reserved, the batch create hook, one insert, one audit insert, then the
 * approval chains of the batch (afterEveryCreateMany). A refusal or a constraint violation throws (the
 * batch then goes row by row).
 */
export async function insertTogether(resource: ResourceDef, rows: readonly Row[], ctx: Ctx, trx: DB): Promise<void> {
  if (rows.length === 0) return;
  const properties = propertiesOf(resource);
  // the hook's rows know their ids (a duplicate within the batch names the earlier row)
  const ids = await reserveIds(trx, tableOf(resource), rows.length);
  const batch = rows.map((row, i) => ({ ...row, id: ids[i] }));
  await hooksOf(resource).beforeCreateMany?.(batch, ctx, trx);
  const columns = [...new Set(batch.flatMap((row) => Object.keys(row)))];
  // a value the row does not give is the column's default, as a single insert would leave it
  const fill = (row: Row): Row => Object.fromEntries(columns.map((c) => [c, row[c] !== undefined ? row[c] : (properties[c]?.default ?? null)]));
  const owned = { ...(companyScoped(resource) ? { company_id: ctx.company.id } : {}), ...(resource.owner ? { [resource.owner]: ctx.user.id } : {}) };
  // the audit rows are built while the database inserts the records
  const [inserted, audits] = await whileRunning(insertRows(trx, tableOf(resource), batch.map((row) => ({ ...fill(row), ...owned })), "*"),
    () => activityRows(ctx, "create", resource, batch.map(({ id, ...changes }) => ({ id, changes }))));
  await insertRows(trx, "activities", audits);
  await afterEveryCreateMany(trx, ctx, resource, inserted);
}
