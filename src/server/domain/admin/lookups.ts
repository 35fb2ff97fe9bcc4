/**
 * Lookups several admin resources share: the e-mail of a user id, the title of a polymorphic
 * reference (type + id, e.g. a document's parent), and the parent-cycle check of trees.
 */
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import { propertiesOf } from "../../../framework/schema.js";
import { resourceByName, resources } from "../../../../resources/index.js";
import { type DB, untyped } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { scope } from "../../resources/query.js";

/** user id → e-mail, for the ids in `rows[field]`; one query. Users are logins, not company rows. */
export async function userEmails(ctx: Ctx, rows: Row[], field: string): Promise<Map<number, { email: string; name: string }>> {
  const ids = [...new Set(rows.map((r) => r[field]).filter((v): v is number => typeof v === "number"))];
  if (ids.length === 0) return new Map();
  const users = await ctx.db.selectFrom("users").select(["id", "email", "name"]).where("id", "in", ids).execute();
  return new Map(users.map((u) => [u.id, { email: u.email, name: u.name }]));
}

/**
 * The record kinds of polymorphic references (document parents, journal sources, audit items) and
 * the resource each one is: derived from the declarations' `kind` (two resources of one kind stop the
 * server at start). A kind no resource declares has no title and no record.
 */
export function kindsOf(resources: readonly ResourceDef[]): ReadonlyMap<string, ResourceDef> {
  const kinds = new Map<string, ResourceDef>();
  for (const resource of resources) {
    if (resource.kind === undefined) continue;
    const other = kinds.get(resource.kind);
    if (other) throw new Error(`Resources "${other.name}" and "${resource.name}" both declare the record kind ${resource.kind}`);
    kinds.set(resource.kind, resource);
  }
  return kinds;
}

export const recordKinds: ReadonlyMap<string, ResourceDef> = kindsOf(resources);

/** The resource a polymorphic type names: a record kind (Invoice) or a resource name (invoices); none when neither. */
export const resourceOfKind = (type: string): ResourceDef | undefined => recordKinds.get(type) ?? resourceByName.get(type);

/** Titles of polymorphic references, keyed "type:id"; one query per type, scoped to the company. */
export async function referenceTitles(ctx: Ctx, refs: readonly { type: unknown; id: unknown }[]): Promise<Map<string, string>> {
  const idsByType = new Map<string, Set<number>>();
  for (const { type, id } of refs) {
    if (typeof type !== "string" || typeof id !== "number") continue;
    idsByType.set(type, (idsByType.get(type) ?? new Set()).add(id));
  }
  const titles = new Map<string, string>();
  for (const [type, ids] of idsByType) {
    const target = resourceOfKind(type);
    if (!target) continue;
    // a title that is computed rather than stored falls back to the id
    const title = target.title in propertiesOf(target) ? target.title : "id";
    const found = await scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select(["r.id", `r.${title} as title`]), target, ctx, "r")
      .where("r.id", "in", [...ids]).execute();
    for (const row of found) titles.set(`${type}:${row.id}`, String(row.title));
  }
  return titles;
}

/** Does the referenced record exist in this company? */
export async function referenceExists(ctx: Ctx, type: string, id: number): Promise<boolean> {
  // a Payment record may be a vendor credit, seen through the credit views (payments lists DEBIT and DISCOUNT only)
  const targets = [resourceOfKind(type), ...(type === "Payment" ? creditViews.map((name) => resourceByName.get(name)) : [])];
  for (const target of targets) {
    if (!target) continue;
    const found = await scope(untyped(ctx.db).selectFrom(`${tableOf(target)} as r`).select("r.id"), target, ctx, "r").where("r.id", "=", id).executeTakeFirst();
    if (found !== undefined) return true;
  }
  return false;
}

const creditViews = ["vendor_credits", "credit_memo_inbox", "credit_memo_draft"];

/** A tree's parent must exist (checked by x-references) and must not be the row itself or one of its descendants. */
export async function checkParent(trx: DB, table: string, companyId: number, id: number | undefined, parentId: unknown): Promise<void> {
  if (id === undefined || typeof parentId !== "number") return;
  const seen = new Set<number>();
  for (let current: number | null = parentId; current !== null && !seen.has(current); ) {
    if (current === id) throw unprocessable({ parent_id: ["cannot be the record itself or one of its children"] });
    seen.add(current);
    const row: { parent_id: unknown } | undefined = await untyped(trx).selectFrom(table).select("parent_id")
      .where("company_id", "=", companyId).where("id", "=", current).executeTakeFirst();
    current = (row?.parent_id as number | null | undefined) ?? null;
  }
}
