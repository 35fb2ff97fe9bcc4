/**
 * Reading resources: tenant scoping, the filter grammar turned into SQL, paging and capped counts.
 * Every statement a resource runs goes through `scope`, so no query can see another company's rows.
 */
import { sql, type AliasedExpression, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import { parseListQuery, QueryError, type FilterClause, type ListQuery } from "./grammar.js";
import { isoDate } from "../../framework/dates.js";
import { can } from "../../framework/permissions.js";
import { tableOf, type BelongsTo, type HasMany, type ResourceDef } from "../../framework/resource.js";
import { baseType, propertiesOf, type Property } from "../../framework/schema.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { TtlCache } from "../cache.js";
import { columnsOf as tableColumns, companyScoped, sqlType } from "../db/tables.js";
import { int32, isRecordId } from "../validation.js";
import { count, type DB, untyped } from "../db/connect.js";
import { onTablesWritten } from "../db/written-tables.js";
import { delegationTypes } from "../../../schemas/delegation.js";
import { resourceByName } from "../../../resources/index.js";
import type { Ctx, Row } from "./context.js";
import { portalScope, portalSearch, readsAsPortal } from "./portal-view.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Select = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Where = ExpressionBuilder<any, any>;

export const countCap = 10_000;

/**
 * Totals are cached briefly: paging through a list repeats the same count, which walks up to
 * `countCap` index entries. Each write through this process bumps its table's generation, so a
 * total here is never stale after this process's own writes; other processes' within `countTtlMs`.
 */
const countTtlMs = 5_000;
const counts = new TtlCache<string, number>(countTtlMs);
const generations = new Map<string, number>();

onTablesWritten((tables) => {
  for (const table of tables) generations.set(table, (generations.get(table) ?? 0) + 1);
});

const implicitColumns: Record<string, Property> = {
  id: { type: "integer" },
  created_at: { type: "string", format: "date-time" },
  updated_at: { type: "string", format: "date-time" },
};

/** What a declaration yields, worked out once per resource: declarations do not change while the server runs. */
function memo<T>(derive: (resource: ResourceDef) => T): (resource: ResourceDef) => T {
  const known = new WeakMap<ResourceDef, T>();
  return (resource) => {
    if (!known.has(resource)) known.set(resource, derive(resource));
    return known.get(resource)!;
  };
}

export const columnsOf: (resource: ResourceDef) => Readonly<Record<string, Property>> = memo((resource) => ({ ...implicitColumns, ...propertiesOf(resource) }));

/** Fields that may be filtered on: columns, and the fields of relations (sorting: belongs-to only, see sortColumn). */
export const queryableFields: (resource: ResourceDef) => ReadonlySet<string> = memo((resource) => {
  const fields = new Set(Object.entries(columnsOf(resource)).filter(([, p]) => !p.writeOnly).map(([field]) => field));
  for (const [name, relation] of Object.entries(resource.relations ?? {})) {
    for (const field of relation.fields) fields.add(`${name}.${field}`);
  }
  return fields;
});

const baseFilterOf = memo((resource) => (resource.baseFilter ? parseListQuery(resource.baseFilter, resource, queryableFields(resource)).filters : []));
/** The rows a portal reader never sees (PortalDef `where`), as filters. */
export const portalWhereOf = memo((resource) => (resource.portal?.where ? parseListQuery(resource.portal.where, resource, queryableFields(resource)).filters : []));

/** resources an app serves beyond the registry (a test's own declarations), known to relations and lines too */
const served = new Map<string, ResourceDef>();
export function serveResources(list: readonly ResourceDef[]): void {
  for (const resource of list) if (!resourceByName.has(resource.name)) served.set(resource.name, resource);
}

/** Every resource served: the registry's and those served besides (tests' throwaway declarations). */
export const allResources = (): ResourceDef[] => [...resourceByName.values(), ...served.values()];

export function related(name: string): ResourceDef {
  const resource = resourceByName.get(name) ?? served.get(name);
  if (!resource) throw new Error(`unknown resource ${name}`);
  return resource;
}

/**
 * Confine a query on `resource` (aliased `alias`) to the current company, the owning user or employee,
 * for a vendor-portal user to their vendor's rows (portal-view.ts), the resource's own hook and base filter.
 */
export function scope(qb: Select, resource: ResourceDef, ctx: Ctx, alias = "t"): Select {
  const tenancy = resource.tenancy ?? "company_id";
  if (tenancy === "company_id") qb = qb.where(`${alias}.company_id`, "=", ctx.company.id);
  else if (tenancy === "self") qb = qb.where(`${alias}.id`, "=", ctx.company.id);
  else {
    const { via, on } = tenancy;
    qb = qb.where(({ exists, selectFrom }) =>
      exists(selectFrom(`${via} as v`).select(sql.lit(1).as("one")).whereRef(`v.${on}`, "=", `${alias}.id`).where("v.company_id", "=", ctx.company.id)),
    );
  }
  if (resource.owner) qb = qb.where(`${alias}.${resource.owner}`, "=", ctx.user.id);
  if (personallyScoped(resource, ctx)) qb = ownRows(qb, resource, ctx, alias);
  if (readsAsPortal(resource, ctx)) {
    // through a relation: the ids of the related records the portal shows the contact, confined the same way
    const shown = (parent: BelongsTo) => scope(untyped(ctx.db).selectFrom(`${tableOf(related(parent.resource))} as ${alias}_p`).select(`${alias}_p.id`), related(parent.resource), ctx, `${alias}_p`);
    qb = applyFilters(portalScope(qb, resource, ctx, alias, shown), resource, portalWhereOf(resource), ctx, alias);
  }
  const hook = scopeHookOf(resource);
  if (hook) qb = hook(qb, ctx, alias);
  return applyFilters(qb, resource, baseFilterOf(resource), ctx, alias);
}

/** Whether the user sees only their own rows of this personally scoped resource (they hold none of its `all` keys). */
export function personallyScoped(resource: ResourceDef, ctx: Ctx): boolean {
  const own = resource.personalScope;
  return own !== undefined && (own.all === undefined || !can(ctx.principal, own.all));
}

/**
 * The delegations a contact acts under today (Approval or All, within their dates): the one rule
 * behind the approval engine's activeDelegations and the list scopes below.
 */
export function delegationsToday(db: DB, companyId: number, contactId: number): Select {
  const today = isoDate();
  return db.selectFrom("delegations as d")
    .where("d.company_id", "=", companyId).where("d.delegate_contact_id", "=", contactId).where("d.delegate_type", "in", [...delegationTypes])
    .where("d.start_date", "<=", today).where((d) => d.or([d("d.end_date", "is", null), d("d.end_date", ">=", today)]));
}

/** Whom the user may act for today besides themself: their delegators, as a subquery. */
export function delegatorsToday(ctx: Ctx): Select {
  return delegationsToday(ctx.db, ctx.company.id, ctx.contact.id).select("d.delegator_contact_id");
}

/** The teams of the user and of their delegators, as a subquery. */
export function teamsToday(ctx: Ctx): Select {
  return ctx.db.selectFrom("team_members as m").select("m.team_id").where("m.company_id", "=", ctx.company.id)
    .where((m) => m.or([m("m.contact_id", "=", ctx.contact.id), m("m.contact_id", "in", delegatorsToday(ctx))]));
}

/** The user's own rows of a personally scoped resource, and those of a record awaiting their approval (PersonalScope). */
function ownRows(qb: Select, resource: ResourceDef, ctx: Ctx, alias: string): Select {
  const own = resource.personalScope!;
  const mine = ctx.contact.id;
  return qb.where((eb) => {
    const ways = own.contact ? [ownedBy(eb, resource, own.contact, ctx, alias)] : [];
    if (own.approvals) {
      const awaiting = eb.selectFrom("approvals as a").select("a.approvable_id").where("a.company_id", "=", ctx.company.id)
        .where("a.approvable_type", "=", own.approvals.type).where("a.aasm_state", "=", "pending")
        .where((a) => a.or([a("a.contact_id", "=", mine), a("a.contact_id", "in", delegatorsToday(ctx)), a.and([a("a.contact_id", "is", null), a("a.team_id", "in", teamsToday(ctx))])]));
      ways.push(eb(`${alias}.${own.approvals.key}`, "in", awaiting));
    }
    return eb.or(ways);
  });
}

/** The row's contact column is the user's, or (`relation.column`) that of the belongs-to record it points to, in this company. */
function ownedBy(eb: Where, resource: ResourceDef, contact: string, ctx: Ctx, alias: string) {
  const [name, column] = contact.split(".");
  if (column === undefined) return eb(`${alias}.${contact}`, "=", ctx.contact.id);
  const relation = resource.relations?.[name];
  if (relation?.kind !== "belongsTo") throw new Error(`${resource.name}: personalScope.contact ${contact} names no belongs-to relation`);
  const parents = eb.selectFrom(`${tableOf(related(relation.resource))} as own`).select("own.id")
    .where("own.company_id", "=", ctx.company.id).where(`own.${column}`, "=", ctx.contact.id);
  return eb(`${alias}.${relation.foreignKey}`, "in", parents);
}

/** A resource's own further confinement (ResourceHooks.scope), e.g. approvals to the records one may read. */
export type ScopeHook = (qb: Select, ctx: Ctx, alias: string) => Select;
let scopeHookOf: (resource: ResourceDef) => ScopeHook | undefined = () => undefined;

/** Installed by ./modules.ts (the installed server modules' scope hooks): the domain depends on this layer, not the reverse. */
export function useScopeHooks(lookup: (resource: ResourceDef) => ScopeHook | undefined): void {
  scopeHookOf = lookup;
}


type Check = (value: string) => boolean;
const isDate = (fullFormats.date as { validate: Check }).validate;
const isDateTime = (fullFormats["date-time"] as { validate: Check }).validate;

const invalidValue = (field: string, message: string) => new QueryError(field, message, 422);

/**
 * A filter's values checked like a body's (by the column's schema type) and typed for the driver:
 * whole numbers within 32 bits, booleans, decimals, real dates; a value the column cannot hold is a
 * 422 for that field here, never a database error.
 */
function typedValues(resource: ResourceDef, field: string, values: string[]): unknown[] {
  const property = columnsOf(resource)[field];
  const type = property ? baseType(property) : "string";
  const itemType = property?.items ? baseType(property.items) : undefined;
  // jsonb (objects, arrays of objects) is compared only as has-data / no-data, never by value
  if (property && sqlType(property) === "jsonb") throw invalidValue(field, `can only be filtered with ${field}_null`);
  if (type === "integer" || itemType === "integer") {
    return values.map((v) => {
      if (!/^-?\d+$/.test(v)) throw invalidValue(field, "must be a whole number");
      const n = Number(v);
      if (n < int32.minimum || n > int32.maximum) throw invalidValue(field, `must be between ${int32.minimum} and ${int32.maximum}`);
      return n;
    });
  }
  if (type === "boolean") {
    return values.map((v) => {
      if (v !== "true" && v !== "false") throw invalidValue(field, "must be true or false");
      return v === "true";
    });
  }
  if (property?.format === "money" || property?.format === "decimal") {
    for (const v of values) if (!/^-?\d{1,16}(\.\d{1,8})?$/.test(v)) throw invalidValue(field, "must be a number");
  }
  if (property?.format === "date") {
    for (const v of values) if (!isDate(v)) throw invalidValue(field, "must be a date (YYYY-MM-DD)");
  }
  if (property?.format === "date-time") {
    for (const v of values) if (!isDate(v) && !isDateTime(v)) throw invalidValue(field, "must be a date or a date and time");
  }
  return values;
}

function applyClause(qb: Select, resource: ResourceDef, clause: FilterClause, column: string): Select {
  const { field, op } = clause;
  const property = columnsOf(resource)[field];
  const isArray = property && baseType(property) === "array";
  if (op === "null") {
    const empty = isArray ? sql<boolean>`coalesce(cardinality(${sql.ref(column)}), 0) = 0` : sql<boolean>`${sql.ref(column)} is null`;
    return qb.where(clause.values[0] === "true" ? empty : sql<boolean>`not (${empty})`);
  }
  if (op === "like") {
    return qb.where(sql`${sql.ref(column)}::text`, "ilike", `%${clause.values[0].replace(/[\\%_]/g, "\\$&")}%`);
  }
  const values = typedValues(resource, field, clause.values);
  if (isArray) return qb.where(sql<boolean>`${sql.ref(column)} && ${sql.val(values)}`);
  switch (op) {
    case "in": return qb.where(column, values.length === 1 ? "=" : "in", values.length === 1 ? values[0] : values);
    case "ne": return qb.where(column, "is distinct from", values[0]);
    case "gte": return qb.where(column, ">=", values[0]);
    case "lte": return qb.where(column, "<=", values[0]);
  }
}

export function applyFilters(qb: Select, resource: ResourceDef, filters: FilterClause[], ctx: Ctx, alias = "t"): Select {
  for (const clause of filters) {
    const dot = clause.field.indexOf(".");
    if (dot < 0) {
      qb = applyClause(qb, resource, clause, `${alias}.${clause.field}`);
      continue;
    }
    // a relation's field: match the related rows, then this row's key against them
    const relation = resource.relations![clause.field.slice(0, dot)];
    const target = related(relation.resource);
    const inner = { ...clause, field: clause.field.slice(dot + 1) };
    const matching = applyClause(scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select("r.id"), target, ctx, "r"), target, inner, `r.${inner.field}`);
    if (relation.kind === "belongsTo") qb = qb.where(`${alias}.${relation.foreignKey}`, "in", matching);
    else if (relation.kind === "refersMany") qb = qb.where(sql<boolean>`${sql.ref(`${alias}.${relation.localKey}`)} && array(${matching})`);
    else qb = qb.where(`${alias}.id`, "in", hasManyKeys(relation, matching, ctx));
  }
  return qb;
}

/** The ids of the rows that have a has-many row among `matching` (ids of the related resource). */
function hasManyKeys(relation: HasMany, matching: Select, ctx: Ctx): Select {
  if (relation.through) {
    const link = related(relation.through.resource);
    return scope(untyped(ctx.db).selectFrom(`${tableOf(link)} as l`).select(`l.${relation.foreignKey}`), link, ctx, "l")
      .where(`l.${relation.through.key}`, "in", matching);
  }
  let keys = matching.clearSelect().select(`r.${relation.foreignKey}`);
  for (const [column, value] of Object.entries(relation.where ?? {})) keys = keys.where(`r.${column}`, "=", value);
  return keys;
}

/** `q` over the resource's search columns (a portal user's: those among its portal fields). */
function applySearch(qb: Select, resource: ResourceDef, q: string | undefined, ctx: Ctx, alias = "t"): Select {
  const columns = readsAsPortal(resource, ctx) ? portalSearch(resource) : resource.search ?? [];
  if (!q || columns.length === 0) return qb;
  const pattern = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
  return qb.where((eb) => eb.or(columns.map((field) => {
    const dot = field.indexOf(".");
    if (dot < 0) return eb(sql`${sql.ref(`${alias}.${field}`)}::text`, "ilike", pattern);
    // a related record's column (`vendor.name`): the rows whose related record matches, one set-based lookup
    const relation = resource.relations![field.slice(0, dot)] as BelongsTo;
    const target = related(relation.resource);
    const matching = scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select("r.id"), target, ctx, "r")
      .where(sql`${sql.ref(`r.${field.slice(dot + 1)}`)}::text`, "ilike", pattern);
    return eb(sql.ref(`${alias}.${relation.foreignKey}`), "in", matching);
  })));
}

/** List parameters beyond the filter grammar, by name: each adds its conditions to the query of the rows aliased `t`. */
export type ListParams = Readonly<Record<string, (qb: Select, value: string, ctx: Ctx) => Promise<Select> | Select>>;

/** A parsed list query, with the list parameters it uses. */
export interface ResourceQuery extends ListQuery {
  conditions: ((qb: Select, ctx: Ctx) => Promise<Select> | Select)[];
}

/** `listParams` are the resource's own parameters (its hooks' `listParams`, given by the HTTP layer). */
export function parseQuery(resource: ResourceDef, query: Record<string, unknown>, ignored: ReadonlySet<string> = new Set(), listParams: ListParams = {}): ResourceQuery {
  const own = Object.keys(listParams);
  const parsed = parseListQuery(query, resource, queryableFields(resource), new Set([...ignored, ...own]));
  const conditions = own.filter((name) => query[name] !== undefined && query[name] !== "")
    .map((name) => (qb: Select, ctx: Ctx) => listParams[name](qb, String(query[name]), ctx));
  return { ...parsed, conditions };
}

export async function filtered(resource: ResourceDef, query: ResourceQuery, ctx: Ctx): Promise<Select> {
  let qb = scope(untyped(ctx.db).selectFrom(`${tableOf(resource)} as t`), resource, ctx);
  qb = applyFilters(qb, resource, query.filters, ctx);
  for (const condition of query.conditions) qb = await condition(qb, ctx);
  return applySearch(qb, resource, query.q, ctx);
}

function sortColumn(resource: ResourceDef, field: string, ctx: Ctx) {
  const dot = field.indexOf(".");
  if (dot < 0) return sql.ref(`t.${field}`);
  const relation = resource.relations![field.slice(0, dot)];
  if (relation.kind !== "belongsTo") throw new QueryError("_sort", `cannot sort on ${field}`);
  const target = related(relation.resource);
  const sub = scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select(`r.${field.slice(dot + 1)}`), target, ctx, "r")
    .whereRef("r.id", "=", `t.${relation.foreignKey}`);
  return sql`(${sub})`;
}

/** The query's sort, then the id (newest first) so that the order is total and paging stable. */
function ordered(qb: Select, resource: ResourceDef, query: ResourceQuery, ctx: Ctx): Select {
  for (const { field, order } of query.sort) qb = qb.orderBy(sortColumn(resource, field, ctx), order);
  return query.sort.some((s) => s.field === "id") ? qb : qb.orderBy("t.id", "desc");
}

/** The ids of every row the query matches, in its order: no paging, no cap (exports). */
export async function matchingIds(resource: ResourceDef, query: ResourceQuery, ctx: Ctx): Promise<number[]> {
  const rows = await ordered((await filtered(resource, query, ctx)).select("t.id"), resource, query, ctx).execute();
  return rows.map((row) => Number((row as Row).id));
}

export interface Page {
  rows: Row[];
  total: number;
  /** true when the count stopped at the cap */
  totalCapped: boolean;
}

/** A page of rows; `columns` are further select-list columns of the page's statement (the embedded relations, see relations.ts). */
export async function listPage(resource: ResourceDef, query: ResourceQuery, ctx: Ctx, columns: readonly AliasedExpression<unknown, string>[] = []): Promise<Page> {
  const base = await filtered(resource, query, ctx);
  const shown = shownColumns(resource);
  const rowsQuery = ordered((shown ? base.select(shown) : base.selectAll("t")).select(columns), resource, query, ctx);
  const limit = query.end - query.start;
  const table = tableOf(resource);
  const countQuery = ctx.db.selectFrom(base.select(sql.lit(1).as("one")).limit(countCap + 1).as("capped"))
    .select((eb) => eb.fn.countAll().as("n"));
  // the statement itself is the key: it holds the tenant, owner, filters and search
  const compiled = countQuery.compile();
  const countKey = JSON.stringify([generations.get(table) ?? 0, compiled.sql, compiled.parameters]);
  const [rows, total] = await Promise.all([
    limit === 0 ? Promise.resolve([]) : rowsQuery.offset(query.start).limit(limit).execute(),
    counts.get(countKey) ?? countQuery.executeTakeFirstOrThrow().then((row) => {
      counts.set(countKey, count(row.n));
      return count(row.n);
    }),
  ]);
  return { rows, total: Math.min(total, countCap), totalCapped: total > countCap };
}

/** The readable rows of `resource` (aliased `t`), every column and the further `columns` (as for listPage). */
export function readableRows(resource: ResourceDef, ctx: Ctx, columns: readonly AliasedExpression<unknown, string>[] = []): Select {
  return scope(untyped(ctx.db).selectFrom(`${tableOf(resource)} as t`).selectAll("t").select(columns), resource, ctx);
}

/**
 * The columns an API read selects: all but the write-only ones, which never leave the database on a
 * read (an import's file of megabytes, polled for its progress; a bank account number). A resource
 * over another's table (a view) reads every column, and its answer drops them (read.ts).
 */
const shownColumns = memo((resource) => (tableOf(resource) === resource.name
  ? tableColumns(resource.schema as Parameters<typeof tableColumns>[0], companyScoped(resource)).filter((c) => !propertiesOf(resource)[c.name]?.writeOnly).map((c) => `t.${c.name}`)
  : undefined));

/** The readable rows of `resource` as the API shows them: `readableRows` without the write-only columns. */
export function shownRows(resource: ResourceDef, ctx: Ctx, columns: readonly AliasedExpression<unknown, string>[] = []): Select {
  const shown = shownColumns(resource);
  const base = untyped(ctx.db).selectFrom(`${tableOf(resource)} as t`);
  return scope((shown ? base.select(shown) : base.selectAll("t")).select(columns), resource, ctx);
}

/** One readable row by id. */
export async function findRow(resource: ResourceDef, id: unknown, ctx: Ctx, forUpdate = false): Promise<Row | undefined> {
  if (!isRecordId(id)) return undefined;
  let qb = readableRows(resource, ctx).where("t.id", "=", Number(id));
  if (forUpdate) qb = qb.forUpdate();
  return (await qb.executeTakeFirst()) as Row | undefined;
}

