/**
 * Embedded related records, as columns of the statement that reads the rows: each relation is a
 * correlated subquery that builds its JSON in the database (belongs-to: one object or null;
 * refers-many and has-many: an array), so a page or a record with all its relations is one round
 * trip. Lists embed belongs-to and refers-many; show pages has-many as well.
 *
 * Each subquery goes through `scope`, like the related resource's own list: company, owner,
 * personal scope, scope hook and base filter. A to-many relation (a related list) is embedded only
 * for a reader who may list the related resource (its list keys, its module), or, declared
 * `readWithParent` (a record's documents), for whoever reads the record; otherwise it is absent.
 * A vendor-portal user gets only the relations (and their fields) the resource's portal fields name.
 */
import { sql, type AliasedExpression, type RawBuilder } from "kysely";
import { canAct } from "../../framework/permissions.js";
import { tableOf, type Relation, type ResourceDef } from "../../framework/resource.js";
import type { Ctx, Row } from "./context.js";
import { perReader } from "./per-reader.js";
import { portalView, readsAsPortal } from "./portal-view.js";
import { columnsOf, related, scope, type Select } from "./query.js";
import { untyped } from "../db/connect.js";

const hasManyLimit = 100;

export type Embed = AliasedExpression<unknown, string>;

/**
 * A related field as the driver would return it once serialised: timestamps as JavaScript's ISO
 * form (UTC, milliseconds), numerics as text (the driver keeps them as strings); the rest as is.
 */
function jsonValue(target: ResourceDef, field: string): RawBuilder<unknown> {
  const column = sql.ref(`r.${field}`);
  const property = columnsOf(target)[field];
  if (property?.format === "date-time") return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (property?.format === "money" || property?.format === "decimal") return sql`${column}::text`;
  return sql`${column}`;
}

/** `json_build_object` of the relation's fields (id first, as declared); built once per relation (it depends on the declarations only). */
const jsonObjects = new WeakMap<Relation, RawBuilder<unknown>>();
function jsonObject(relation: Relation, target: ResourceDef): RawBuilder<unknown> {
  let object = jsonObjects.get(relation);
  if (!object) {
    const pairs = [...new Set(["id", ...relation.fields])].map((field) => sql`${sql.lit(field)}, ${jsonValue(target, field)}`);
    object = sql`json_build_object(${sql.join(pairs)})`;
    jsonObjects.set(relation, object);
  }
  return object;
}

/** The related rows, aliased `r`, confined as the related resource's own list would be. */
function scoped(target: ResourceDef, ctx: Ctx): Select {
  return scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`), target, ctx, "r");
}

function embedOf(name: string, relation: Relation, ctx: Ctx, alias: string): Embed {
  const target = related(relation.resource);
  const object = jsonObject(relation, target);
  if (relation.kind === "belongsTo") {
    const one = scoped(target, ctx).select(object.as("j")).whereRef("r.id", "=", `${alias}.${relation.foreignKey}`);
    return sql`(${one})`.as(name);
  }
  if (relation.kind === "refersMany") {
    // in the order of the ids in the array column; ids of rows the reader may not see are left out
    const many = scoped(target, ctx)
      .innerJoin(sql`unnest(${sql.ref(`${alias}.${relation.localKey}`)}) with ordinality`.as<"k">(sql`k(id, n)`), "k.id", "r.id")
      .select(sql`coalesce(json_agg(${object} order by k.n), '[]'::json)`.as("j"));
    return sql`(${many})`.as(name);
  }
  let rows = scoped(target, ctx).select([object.as("j"), "r.id"]);
  if (relation.through) {
    const link = related(relation.through.resource);
    const keys = scope(untyped(ctx.db).selectFrom(`${tableOf(link)} as l`).select(`l.${relation.through.key}`), link, ctx, "l")
      .whereRef(`l.${relation.foreignKey}`, "=", `${alias}.id`);
    rows = rows.where("r.id", "in", keys);
  } else {
    rows = rows.whereRef(`r.${relation.foreignKey}`, "=", `${alias}.id`);
  }
  for (const [column, value] of Object.entries(relation.where ?? {})) rows = rows.where(`r.${column}`, "=", value);
  const newest = rows.orderBy("r.id", "desc").limit(hasManyLimit);
  return sql`(select coalesce(json_agg(e.j order by e.id desc), '[]'::json) from (${newest}) as e)`.as(name);
}

/**
 * The embedded relations of `resource` as select-list columns of a query whose rows are aliased
 * `t`: belongs-to and refers-many, and has-many with `withMany`; to-many ones only if the
 * reader may list their resource.
 */
export function embedsOf(resource: ResourceDef, ctx: Ctx, withMany: boolean): readonly Embed[] {
  return (withMany ? everyEmbed : listEmbeds)(resource, ctx);
}

/** Built once per reader (per-reader.ts): the embeds are immutable query parts. */
const listEmbeds = perReader((resource, ctx) => buildEmbeds(resource, ctx, false));
const everyEmbed = perReader((resource, ctx) => buildEmbeds(resource, ctx, true));

function buildEmbeds(resource: ResourceDef, ctx: Ctx, withMany: boolean): Embed[] {
  // a portal user: the relations its portal fields name, with those fields only, each confined to the vendor by `scope`
  if (readsAsPortal(resource, ctx)) {
    return Object.entries(portalView(resource).relations).flatMap(([name, relation]) =>
      (relation.kind === "hasMany" && !withMany ? [] : [embedOf(name, relation, ctx, "t")]));
  }
  // a document's lines are read whole and decorated by their own resource (read.ts)
  const lines = new Set((resource.lines ?? []).map((l) => l.relation));
  return Object.entries(resource.relations ?? {}).flatMap(([name, relation]) => {
    if (relation.kind === "hasMany" && (!withMany || lines.has(name))) return [];
    return mayEmbed(relation, ctx) ? [embedOf(name, relation, ctx, "t")] : [];
  });
}

/** A to-many relation is embedded for a reader who may list its resource, or read with the record (`readWithParent`). */
const mayEmbed = (relation: Relation, ctx: Ctx): boolean =>
  relation.kind === "belongsTo" || (relation.kind === "hasMany" && relation.readWithParent === true) || canAct(ctx.principal, related(relation.resource), "list");

/** Embed the relations into rows read without them (e.g. after a write): one statement for all rows. */
export async function embedRelations(resource: ResourceDef, rows: Row[], ctx: Ctx, withMany: boolean): Promise<void> {
  await embedInto(resource, rows, ctx, embedsOf(resource, ctx, withMany));
}

/** Embed one relation, by the same rule, into rows read without it (a document's lines' files: LinesDef `files`). */
export async function embedRelation(resource: ResourceDef, name: string, rows: Row[], ctx: Ctx): Promise<void> {
  const relation = resource.relations?.[name];
  if (relation && mayEmbed(relation, ctx)) await embedInto(resource, rows, ctx, [embedOf(name, relation, ctx, "t")]);
}

async function embedInto(resource: ResourceDef, rows: Row[], ctx: Ctx, embeds: readonly Embed[]): Promise<void> {
  if (rows.length === 0 || embeds.length === 0) return;
  const ids = [...new Set(rows.map((row) => row.id))];
  const found = (await untyped(ctx.db).selectFrom(`${tableOf(resource)} as t`).select("t.id").select(embeds).where("t.id", "in", ids).execute()) as Row[];
  const byId = new Map(found.map((row) => [row.id, row]));
  for (const row of rows) {
    const embedded = byId.get(row.id);
    if (embedded) for (const [name, value] of Object.entries(embedded)) if (name !== "id") row[name] = value;
  }
}
