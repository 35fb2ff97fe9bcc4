/**
 * Summary templates (spend by vendor, 1099 summary): the template's list, narrowed as any report's
 * (scope, permission, date range, filters: resources/query.ts `filtered`), then one line per related
 * record and currency — how many rows, and the sum of each money field. Amounts are summed per
 * currency, never across currencies. One grouped statement over the list's own query.
 */
import { sql } from "kysely";
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import type { Ctx, Row } from "../../resources/context.js";
import { hooksOf } from "../../resources/modules.js";
import { filtered, parseQuery, related } from "../../resources/query.js";

export interface ReportSummary {
  /** the belongs-to relation whose records make the lines (an invoice's or a payment's vendor) */
  by: string;
  /** fields of that record shown on each line, the first one sorting the lines */
  show: readonly string[];
  /** money fields of the listed rows, summed per line */
  sums: readonly string[];
  /** only records with these values (1099: the vendors eligible for it) */
  where?: Readonly<Record<string, boolean>>;
}

export async function summaryRows(resource: ResourceDef, query: Record<string, unknown>, ctx: Ctx, summary: ReportSummary): Promise<Row[]> {
  const relation = resource.relations?.[summary.by];
  if (relation?.kind !== "belongsTo") throw new Error(`${resource.name}.${summary.by} is not a belongs-to relation`);
  const base = await filtered(resource, parseQuery(resource, query, undefined, hooksOf(resource).listParams), ctx);
  let lines = base.innerJoin(`${tableOf(related(relation.resource))} as r`, "r.id", `t.${relation.foreignKey}`);
  for (const [field, value] of Object.entries(summary.where ?? {})) lines = lines.where(`r.${field}`, "=", value);
  const shown = summary.show.map((field) => `r.${field}`);
  const rows = await lines
    .select(["r.id as record_id", ...summary.show.map((field) => `r.${field} as ${field}`), "t.currency_code", sql<number>`count(*)::int`.as("count")])
    .select(summary.sums.map((field) => sql<string>`sum(${sql.ref(`t.${field}`)})::text`.as(field)))
    .groupBy(["r.id", ...shown, "t.currency_code"])
    .orderBy(shown[0]).orderBy("t.currency_code")
    .execute() as Row[];
  return rows.map((row) => ({
    [summary.by]: { id: row.record_id, ...Object.fromEntries(summary.show.map((field) => [field, row[field]])) },
    currency_code: row.currency_code,
    count: row.count,
    ...Object.fromEntries(summary.sums.map((field) => [field, row[field]])),
  }));
}
