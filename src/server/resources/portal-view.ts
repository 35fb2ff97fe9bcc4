/**
 * What a resource's `portal` declaration yields for reading (docs/portal.md): the fields a vendor
 * may see and query, the relations embedded with them, the confinement to the contact's vendor.
 * Used by the generic machinery (query.ts, relations.ts, read.ts) when a portal user reads; the
 * routes and the boot check are in portal.ts.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import type { BelongsTo, Relation, ResourceDef } from "../../framework/resource.js";
import type { Ctx, Row } from "./context.js";

/** The prefix of the portal's API: a namespace of its own, apart from the staff paths. */
export const portalPrefix = "/api/portal";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Select = SelectQueryBuilder<any, any, any>;

/** What a portal declaration yields, worked out once per resource. */
interface PortalView {
  /** every field a vendor may filter, sort and search on: id, the declared fields (relation fields as `relation.field`) */
  fields: ReadonlySet<string>;
  /** the keys of an answered row: id, the declared columns and computed fields, the relations named */
  keys: ReadonlySet<string>;
  /** the relations named, each with the declared fields only (embedded as such, relations.ts) */
  relations: Readonly<Record<string, Relation>>;
}

const views = new WeakMap<ResourceDef, PortalView>();

export function portalView(resource: ResourceDef): PortalView {
  let view = views.get(resource);
  if (!view) {
    const declared = resource.portal?.fields ?? [];
    const fields = new Set(["id", ...declared]);
    const keys = new Set(["id"]);
    const byRelation = new Map<string, string[]>();
    for (const field of declared) {
      const dot = field.indexOf(".");
      if (dot < 0) keys.add(field);
      else {
        const name = field.slice(0, dot);
        keys.add(name);
        byRelation.set(name, [...(byRelation.get(name) ?? []), field.slice(dot + 1)]);
      }
    }
    const relations = Object.fromEntries([...byRelation].map(([name, relationFields]) =>
      [name, { ...resource.relations![name], fields: ["id", ...relationFields.filter((f) => f !== "id")] } as Relation]));
    view = { fields, keys, relations };
    views.set(resource, view);
  }
  return view;
}

/** Whether the request reads `resource` as the vendor portal does: a portal user, a resource in the portal. */
export const readsAsPortal = (resource: ResourceDef, ctx: Ctx): boolean => ctx.principal.portal === true && resource.portal !== undefined;

/** A row as the portal answers it: id and the declared fields, nothing else. */
export function portalRow(resource: ResourceDef, row: Row): Row {
  const { keys } = portalView(resource);
  return Object.fromEntries(Object.entries(row).filter(([key]) => keys.has(key)));
}

/** A scope `relation.column`: the belongs-to relation the rows are the vendor's through (undefined for a scope column). */
export function portalThrough(resource: ResourceDef): BelongsTo | undefined {
  const scope = resource.portal!.scope;
  const dot = scope.indexOf(".");
  const relation = dot < 0 ? undefined : resource.relations?.[scope.slice(0, dot)];
  return relation?.kind === "belongsTo" ? relation : undefined;
}

/**
 * The portal confinement of a statement on `resource` (rows aliased `alias`): its scope column is the
 * contact's vendor, or (`relation.column`) its related record is one of `shown`, the rows of the related
 * resource the portal shows the contact; a portal contact without a vendor sees nothing.
 */
export function portalScope(qb: Select, resource: ResourceDef, ctx: Ctx, alias: string, shown: (parent: BelongsTo) => Select): Select {
  const vendorId = ctx.contact.vendor_id;
  if (vendorId == null) return qb.where(sql<boolean>`false`);
  const through = portalThrough(resource);
  if (through) return qb.where(`${alias}.${through.foreignKey}`, "in", shown(through));
  return qb.where(`${alias}.${resource.portal!.scope}`, "=", vendorId);
}

/** The search columns a portal user's `q` looks in: the resource's, among its portal fields. */
export function portalSearch(resource: ResourceDef): readonly string[] {
  const { fields } = portalView(resource);
  return (resource.search ?? []).filter((field) => fields.has(field));
}
