/**
 * The names behind a shown record's plain references (`created_by_id`, `submitted_by_id`, a contact
 * id without a belongs-to relation): `reference_names: { field: name }`, so that a page says
 * "Ana Ruiz" where the row holds 7, also to a reader who may not open users or contacts. Users are
 * named by their name; other records by their title, read through their resource's own scope.
 */
import { tableOf, type ResourceDef } from "../../framework/resource.js";
import { propertiesOf } from "../../framework/schema.js";
import type { Ctx, Row } from "./context.js";
import { related, scope } from "./query.js";
import { untyped } from "../db/connect.js";

/** the field a shown record carries its references' names in: read-only, ignored when a client echoes it back */
export const referenceNamesField = "reference_names";

/** Plain reference fields of `resource`: x-references without a belongs-to relation over them. */
function plainReferences(resource: ResourceDef): [field: string, target: string][] {
  const named = new Set(Object.values(resource.relations ?? {}).flatMap((r) => (r.kind === "belongsTo" ? [r.foreignKey] : [])));
  return Object.entries(propertiesOf(resource)).flatMap(([field, property]) => {
    const target = property["x-references"];
    return target && !named.has(field) && !property.writeOnly ? [[field, target] as [string, string]] : [];
  });
}

async function namesOf(target: string, ids: number[], ctx: Ctx): Promise<Map<number, string>> {
  if (target === "users") {
    const users = await ctx.db.selectFrom("users").select(["id", "name"]).where("id", "in", ids).execute();
    return new Map(users.map((u) => [u.id, u.name]));
  }
  const resource = related(target);
  if (!(resource.title in propertiesOf(resource))) return new Map();
  const rows = await scope(untyped(ctx.db).selectFrom(`${tableOf(resource)} as r`).select(["r.id", `r.${resource.title} as title`]), resource, ctx, "r")
    .where("r.id", "in", ids).execute() as Row[];
  return new Map(rows.map((row) => [row.id as number, String(row.title)]));
}

export async function nameReferences(resource: ResourceDef, rows: Row[], ctx: Ctx): Promise<void> {
  const fields = plainReferences(resource);
  if (fields.length === 0 || rows.length === 0) return;
  const byTarget = new Map<string, Set<number>>();
  for (const [field, target] of fields) {
    for (const row of rows) if (typeof row[field] === "number") byTarget.set(target, (byTarget.get(target) ?? new Set()).add(row[field]));
  }
  const names = new Map<string, Map<number, string>>();
  for (const [target, ids] of byTarget) names.set(target, await namesOf(target, [...ids], ctx));
  for (const row of rows) {
    row[referenceNamesField] = Object.fromEntries(fields.flatMap(([field, target]) => {
      const name = typeof row[field] === "number" ? names.get(target)?.get(row[field]) : undefined;
      return name ? [[field, name]] : [];
    }));
  }
}
