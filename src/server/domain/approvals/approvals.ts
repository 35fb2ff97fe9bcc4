/**
 * Approvals: the approvable record of each row, embedded as `approvable` (id, number, amount,
 * currency_code, vendor_name, and `screen`: where the approval is acted on) with one query per
 * workflow type per page; and the list parameter
 * `awaiting=me`, the rows the signed-in user may act on now. Every query on approvals is confined to
 * the rows of records the user may read or that concern them; amounts only with the records one may read.
 */
import { sql } from "kysely";
import { QueryError } from "../../resources/grammar.js";
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import { propertiesOf } from "../../../framework/schema.js";
import { type DB, untyped } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";
import { canAct } from "../../../framework/permissions.js";
import { delegatorsToday, scope, teamsToday, type ListParams, type Select } from "../../resources/query.js";
import { activeDelegations } from "./engine.js";
import { approvalPath } from "./screens.js";
import { allEngines, findEngine } from "./approvables/index.js";
import type { ResourceHooks } from "../../resources/modules.js";

/** An approvable type's records: the resource its engine reads them through, their number (its title) and amount columns. */
export function approvableColumns(type: string): { resource: ResourceDef; number: string; amount: string } | undefined {
  const engine = findEngine(type);
  const resource = engine?.def;
  return resource && { resource, number: resource.title, amount: engine.amountColumn ?? "amount" };
}

/** Whether the user may read the records of this approvable type (their resource's show permission). */
const readsType = (ctx: Ctx, type: string): boolean => {
  const spec = approvableColumns(type);
  return spec !== undefined && canAct(ctx.principal, spec.resource, "show");
};

async function approvableRows(ctx: Ctx, type: string, ids: number[]): Promise<Map<number, Row>> {
  const spec = approvableColumns(type);
  if (!spec) return new Map();
  const target = spec.resource;
  // a record's amount is shown only to who may read the record
  const amount = readsType(ctx, type) ? spec.amount : undefined;
  const properties = propertiesOf(target);
  // vendors.vendor_id is the vendor's own code, not a reference
  const hasVendor = properties.vendor_id?.["x-references"] === "vendors";
  const optional = (field: string | undefined, as: string) => (field !== undefined && field in properties ? sql.ref(`r.${field}`).as(as) : sql<null>`null`.as(as));
  let qb = untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select([
    "r.id", sql.ref(`r.${spec.number}`).as("number"), optional(amount, "amount"), optional("currency_code", "currency_code"),
    hasVendor ? sql<string>`(select v.name from vendors v where v.id = r.vendor_id and v.company_id = r.company_id)`.as("vendor_name") : sql<null>`null`.as("vendor_name"),
  ]);
  qb = scope(qb, target, ctx, "r").where("r.id", "in", ids);
  const rows = (await qb.execute()) as Row[];
  return new Map(rows.map((r) => [r.id as number, r]));
}

/**
 * `awaiting=me`: the pending rows of each record's current (lowest pending) step that the user may
 * act on now, as the engine's `actingAs` decides: the row's contact is the user or a delegator of
 * the user today, or the row is an unclaimed team row of a team one of them belongs to.
 */
async function awaitingMe(qb: Select, value: string, ctx: Ctx): Promise<Select> {
  if (value !== "me") throw new QueryError("awaiting", "awaiting must be me");
  const delegators = await activeDelegations(ctx.db, ctx.company.id, ctx.contact.id);
  const actors = [ctx.contact.id, ...delegators.map((d) => d.delegator_contact_id)];
  return qb.where("t.aasm_state", "=", "pending")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("approvals as earlier").select(sql.lit(1).as("one"))
      .whereRef("earlier.company_id", "=", "t.company_id").whereRef("earlier.approvable_type", "=", "t.approvable_type")
      .whereRef("earlier.approvable_id", "=", "t.approvable_id").where("earlier.aasm_state", "=", "pending")
      .whereRef("earlier.step", "<", "t.step"))))
    .where((eb) => eb.or([
      eb("t.contact_id", "in", actors),
      eb.and([
        eb("t.contact_id", "is", null),
        eb("t.team_id", "in", eb.selectFrom("team_members as m").select("m.team_id")
          .where("m.company_id", "=", ctx.company.id).where("m.contact_id", "in", actors)),
      ]),
    ]));
}

/**
 * `awaiting=me` on a table of approvable records (e.g. /api/po_approvals?awaiting=me): the records
 * with an approval row the user may act on now, by the same rule as the approvals lists.
 */
export function awaitingRecords(types: readonly string[]): ListParams[string] {
  return async (qb, value, ctx) => {
    const actionable = await awaitingMe(ctx.db.selectFrom("approvals as t").select("t.approvable_id")
      .where("t.company_id", "=", ctx.company.id).where("t.approvable_type", "in", [...types]), value, ctx);
    return qb.where("t.id", "in", actionable as never);
  };
}

/**
 * Approvals a user sees: those of the records they may read, and those that concern them (they, a
 * delegator or a team of theirs are its approver, they acted on it or started its chain).
 */
function approvalsOfConcern(qb: Select, ctx: Ctx, alias: string): Select {
  const types = allEngines().map((e) => e.type);
  const readable = types.filter((type) => readsType(ctx, type));
  if (readable.length === types.length) return qb;
  const column = (name: string) => `${alias}.${name}`;
  return qb.where((eb) => eb.or([
    ...(readable.length ? [eb(column("approvable_type"), "in", readable)] : []),
    eb(column("contact_id"), "=", ctx.contact.id),
    eb(column("contact_id"), "in", delegatorsToday(ctx)),
    eb.and([eb(column("contact_id"), "is", null), eb(column("team_id"), "in", teamsToday(ctx))]),
    eb(column("acted_by_contact_id"), "=", ctx.contact.id),
    eb(column("submitted_by_id"), "=", ctx.user.id),
  ]));
}

export const approvalHooks: ResourceHooks = {
  listParams: { awaiting: awaitingMe },
  scope: approvalsOfConcern,
  async decorate(rows, ctx) {
    const idsByType = new Map<string, number[]>();
    for (const row of rows) idsByType.set(String(row.approvable_type), [...(idsByType.get(String(row.approvable_type)) ?? []), row.approvable_id as number]);
    const found = new Map<string, Map<number, Row>>();
    for (const [type, ids] of idsByType) found.set(type, await approvableRows(ctx, type, [...new Set(ids)]));
    for (const row of rows) {
      const record = found.get(String(row.approvable_type))?.get(row.approvable_id as number);
      row.approvable = record ? { ...record, screen: approvalPath(String(row.approvable_type), record.id as number, row.id as number) } : null;
    }
  },
};

/** A deleted record takes its approvals with it (they have no foreign key: the link is polymorphic). */
export async function removeApprovals(trx: DB, ctx: Ctx, type: string, id: number): Promise<void> {
  await trx.deleteFrom("approvals").where("company_id", "=", ctx.company.id).where("approvable_type", "=", type).where("approvable_id", "=", id).execute();
}
