/**
 * Embeds related records: belongs-to and refers-many on lists and show pages (one query per
 * relation per page, never per row), has-many on show pages only.
 */
import { tableOf, type Relation, type ResourceDef } from "../../framework/resource.js";
import type { Ctx, Row } from "./context.js";
import { related, scope } from "./query.js";
import { untyped } from "../db/connect.js";

const hasManyLimit = 100;

function selectFields(target: ResourceDef, fields: readonly string[], ctx: Ctx) {
  const columns = [...new Set(["id", ...fields])].map((f) => `r.${f}`);
  return scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select(columns), target, ctx, "r");
}

/** Embed every declared relation; the relations' queries run concurrently (on PostgreSQL, on several connections). */
export async function embedRelations(resource: ResourceDef, rows: Row[], ctx: Ctx, withMany: boolean): Promise<void> {
  if (rows.length === 0) return;
  // a document's lines are embedded whole by read.ts
  const lines = new Set((resource.lines ?? []).map((l) => l.relation));
  await Promise.all(Object.entries(resource.relations ?? {}).filter(([name]) => !withMany || !lines.has(name)).map(([name, relation]) => embed(name, relation, rows, ctx, withMany)));
}

async function embed(name: string, relation: Relation, rows: Row[], ctx: Ctx, withMany: boolean): Promise<void> {
  const target = related(relation.resource);
  if (relation.kind === "belongsTo") {
    const ids = [...new Set(rows.map((r) => r[relation.foreignKey]).filter((v) => v !== null && v !== undefined))];
    const found = ids.length ? ((await selectFields(target, relation.fields, ctx).where("r.id", "in", ids).execute()) as Row[]) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    for (const row of rows) row[name] = byId.get(row[relation.foreignKey]) ?? null;
  } else if (relation.kind === "refersMany") {
    const ids = [...new Set(rows.flatMap((r) => (r[relation.localKey] as number[] | null) ?? []))];
    const found = ids.length ? ((await selectFields(target, relation.fields, ctx).where("r.id", "in", ids).execute()) as Row[]) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    for (const row of rows) row[name] = ((row[relation.localKey] as number[] | null) ?? []).map((id) => byId.get(id)).filter(Boolean);
  } else if (withMany) {
    const link = relation.through ? related(relation.through.resource) : undefined;
    for (const row of rows) {
      let qb = selectFields(target, relation.fields, ctx);
      qb = link && relation.through
        ? qb.where("r.id", "in", scope(untyped(ctx.db).selectFrom(`${tableOf(link)} as l`).select(`l.${relation.through.key}`), link, ctx, "l").where(`l.${relation.foreignKey}`, "=", row.id))
        : qb.where(`r.${relation.foreignKey}`, "=", row.id);
      for (const [column, value] of Object.entries(relation.where ?? {})) qb = qb.where(`r.${column}`, "=", value);
      row[name] = await qb.orderBy("r.id", "desc").limit(hasManyLimit).execute();
    }
  }
}
