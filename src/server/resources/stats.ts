/**
 * Aggregates for dashboard widgets: GET /api/{name}/stats?_group=…&_sum=…&<list filters>.
 * _group is a column, `month:<date column>` (spend by month) or `aging:<date column>` (0-30, 31-60,
 * 61+ days past that date; what is not yet due counts as 0-30); without _group one row (key null)
 * totals every matching row (sum widgets). _sum is a money or number column; money sums are in the
 * company's functional currency (sumExpression).
 */
import { sql, type RawBuilder } from "kysely";
import { QueryError } from "./grammar.js";
import type { ResourceDef } from "../../framework/resource.js";
import { count } from "../db/connect.js";
import { hooksOf } from "./modules.js";
import type { Ctx } from "./context.js";
import { columnsOf, filtered, parseQuery, related } from "./query.js";

export interface StatRow {
  key: string | null;
  count: number;
  sum: string | null;
}

const agingCase = (column: string) => sql<string>`case
  when current_date - ${sql.ref(column)} > 60 then '61+'
  when current_date - ${sql.ref(column)} > 30 then '31-60'
  else '0-30' end`;

function groupExpression(resource: ResourceDef, group: string): RawBuilder<string> {
  const [fn, field] = group.includes(":") ? group.split(":", 2) : [undefined, group];
  const property = columnsOf(resource)[field];
  if (!property || property.writeOnly) throw new QueryError("_group", `cannot group on ${field}`);
  const column = `t.${field}`;
  if (fn === undefined) return sql<string>`${sql.ref(column)}::text`;
  if (property.format !== "date" && property.format !== "date-time") throw new QueryError("_group", `${fn} needs a date column`);
  if (fn === "month") return sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM')`;
  if (fn === "aging") return agingCase(column);
  throw new QueryError("_group", `unknown grouping ${fn}`);
}

/**
 * A sum is in the company's functional currency, never across currencies: a money field of a document
 * in a currency of its own (`functional`) sums its stored functional counterpart, else each row's
 * amount at the row's fixed rate.
 */
function sumExpression(resource: ResourceDef, field: string | undefined): RawBuilder<string | null> {
  if (!field) return sql<string | null>`null`;
  const functional = resource.functional ?? (resource.table ? related(resource.table).functional : undefined);
  if (!functional || columnsOf(resource)[field]?.format !== "money" || Object.values(functional.amounts).includes(field)) return sql<string | null>`sum(${sql.ref(`t.${field}`)})::text`;
  const counterpart = functional.amounts[field];
  if (counterpart) return sql<string | null>`sum(${sql.ref(`t.${counterpart}`)})::text`;
  return sql<string | null>`sum(round(${sql.ref(`t.${field}`)} * ${sql.ref(`t.${functional.rate}`)}, 2))::text`;
}

export async function stats(resource: ResourceDef, query: Record<string, unknown>, ctx: Ctx): Promise<StatRow[]> {
  const group = typeof query._group === "string" ? query._group : undefined;
  const sumField = typeof query._sum === "string" ? query._sum : undefined;
  const sumProperty = sumField ? columnsOf(resource)[sumField] : undefined;
  if (sumField && !(sumProperty?.format === "money" || sumProperty?.format === "decimal" || sumProperty?.type === "integer")) {
    throw new QueryError("_sum", `cannot sum ${sumField}`);
  }
  const listQuery = parseQuery(resource, query, new Set(["_group", "_sum"]), hooksOf(resource).listParams);
  const totals = [sql<number>`count(*)`.as("count"), sumExpression(resource, sumField).as("sum")];
  const base = await filtered(resource, listQuery, ctx);
  const rows = group
    ? await base.select([groupExpression(resource, group).as("key"), ...totals]).groupBy(sql`1`).orderBy(sql`1`).execute()
    : [{ key: null, ...(await base.select(totals).executeTakeFirstOrThrow()) }];
  return rows.map((r) => ({ key: r.key as string | null, count: count(r.count), sum: r.sum as string | null }));
}
