/**
 * Likely duplicate vendors (issue 13): a vendor created, or whose name or tax id changes, is compared
 * with the company's other vendors: the same tax id, or the same name once normalised (case,
 * punctuation, spaces and company suffixes such as Inc, LLC, Ltd, Corp dropped) is flagged on the
 * vendor (`possible_duplicate_of_id`, shown to staff on its list and page) and the company's
 * administrators get a notification. A warning, never a refusal: two vendor records of one business
 * are sometimes wanted (two remit-to entities), and staff decide.
 */
import { sql } from "kysely";
import { insertRows } from "../../db/bulk.js";
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";

/** the suffixes that do not tell two businesses apart */
const suffixes = ["incorporated", "inc", "llc", "l\\.l\\.c", "ltd", "limited", "corp", "corporation", "co", "company", "gmbh", "plc", "llp", "lp", "sa", "ag"];
const suffixPattern = new RegExp(`\\b(${suffixes.join("|")})\\b`, "g");

/**
 * The name as compared: lower case, suffixes dropped, letters and digits only ("Acme, Inc." → "acme"). The
 * database keeps the same in the vendors' generated column `normalised_name` (migrations/0034: the same
 * suffixes, \y for \b), indexed with the company, so the duplicate query is an index lookup per key.
 */
export function normaliseVendorName(name: string): string {
  return name.toLowerCase().replace(suffixPattern, "").replace(/[^a-z0-9]/g, "");
}

interface Known { id: number; name: string }

const taxIdOf = (vendor: Row): string | null => (typeof vendor.tax_id === "string" && vendor.tax_id !== "" ? vendor.tax_id : null);

/** The lower-id one of two candidates. */
const first = (a: Known | undefined, b: Known | undefined): Known | undefined => (a && b ? (a.id <= b.id ? a : b) : a ?? b);

/**
 * Each vendor's likely duplicate: the company's lowest-id other vendor with the same tax id or the same
 * normalised name, among the stored vendors and the vendors before it in `vendors` that have an id (the
 * rows of a batch created together, their ids reserved) — what creating them one after the other finds.
 * One query for the whole list.
 */
async function likelyDuplicates(trx: DB, ctx: Ctx, vendors: readonly Row[]): Promise<(Known | undefined)[]> {
  const keys = vendors.map((vendor) => ({ name: normaliseVendorName(String(vendor.name ?? "")), taxId: taxIdOf(vendor) }));
  const names = [...new Set(keys.map((k) => k.name).filter((n) => n !== ""))];
  const taxIds = [...new Set(keys.flatMap((k) => k.taxId ?? []))];
  const byName = new Map<string, Known>();
  const byTaxId = new Map<string, Known>();
  const remember = (known: Known, name: string, taxId: string | null) => {
    if (name !== "" && !byName.has(name)) byName.set(name, known);
    if (taxId !== null && !byTaxId.has(taxId)) byTaxId.set(taxId, known);
  };
  // a vendor is never its own duplicate: an update compares it with the others
  const own = vendors.flatMap((vendor) => (typeof vendor.id === "number" ? [vendor.id] : []));
  // the batch's keys joined to the vendors (the planner sees 1,000 keys, not an `= any` of unknown
  // selectivity); measured: half the time of `= any(keys)` on a table grown since its last ANALYZE
  const matching = (key: "normalised_name" | "tax_id", values: readonly string[]) => sql`select v.id, v.name, v.tax_id, v.normalised_name
    from unnest(${sql.val(values)}::text[]) as k(value) cross join lateral (select id, name, tax_id, normalised_name from vendors
      where company_id = ${ctx.company.id} and id <> all(${sql.val(own)}::int[]) and ${sql.ref(key)} = k.value) as v`;
  const parts = [...(names.length ? [matching("normalised_name", names)] : []), ...(taxIds.length ? [matching("tax_id", taxIds)] : [])];
  if (parts.length) {
    const { rows } = await sql<{ id: number; name: string; tax_id: string | null; normalised_name: string }>`${sql.join(parts, sql` union all `)} order by id`.execute(trx);
    for (const v of rows) remember({ id: v.id, name: v.name }, v.normalised_name, v.tax_id);
  }
  return vendors.map((vendor, i) => {
    const { name, taxId } = keys[i];
    const found = first(name === "" ? undefined : byName.get(name), taxId === null ? undefined : byTaxId.get(taxId));
    if (typeof vendor.id === "number") remember({ id: vendor.id, name: String(vendor.name) }, name, taxId);
    return found;
  });
}

/** Whether a write of the vendor is one the duplicate check looks at: a create, or a new name or tax id. */
export const duplicateRelevant = (data: Row, existing?: Row): boolean =>
  existing === undefined || ["name", "tax_id"].some((field) => field in data && data[field] !== existing[field]);

/**
 * Tell the company's active administrators (in-app), one notification each per flagged vendor, in one
 * insert: a link to the vendor when it has an id, else to the other.
 */
async function tellAdmins(trx: DB, ctx: Ctx, flagged: readonly { vendor: Row; duplicate: Known }[]): Promise<void> {
  if (flagged.length === 0) return;
  const admins = await trx.selectFrom("contacts").select("user_id").where("company_id", "=", ctx.company.id)
    .where("contact_type", "=", "COMPANY").where("role", "=", "admin").where("status", "=", "ACTIVE").where("user_id", "is not", null).execute();
  const notices = flagged.map(({ vendor, duplicate }) => ({
    title: `Possible duplicate vendor: ${String(vendor.name)}`,
    body: `${String(vendor.name)} has the same tax id or name as ${duplicate.name}. Check whether both records are wanted.`,
    link: `/vendors/${String(vendor.id ?? duplicate.id)}`,
  }));
  await insertRows(trx, "notifications", admins.flatMap(({ user_id }) => notices.map((n) => ({ company_id: ctx.company.id, user_id, kind: "system", ...n }))), []);
}

/**
 * In a vendor's update (before the write): when it changes the name or tax id, set
 * `data.possible_duplicate_of_id` (the flag, or null when the likeness is gone); a new flag (another
 * vendor than before) notifies the administrators.
 */
export async function flagDuplicate(trx: DB, ctx: Ctx, data: Row, existing: Row): Promise<void> {
  if (!duplicateRelevant(data, existing)) return;
  const vendor = { ...existing, ...data };
  const [duplicate] = await likelyDuplicates(trx, ctx, [vendor]);
  data.possible_duplicate_of_id = duplicate?.id ?? null;
  if (duplicate && duplicate.id !== (existing.possible_duplicate_of_id ?? null)) await tellAdmins(trx, ctx, [{ vendor, duplicate }]);
}

/**
 * New vendors, created in this order (one, or a batch with reserved ids): each flagged with its likely
 * duplicate (or null), the administrators told of every flag. One duplicate query for the batch.
 */
export async function flagNewDuplicates(trx: DB, ctx: Ctx, rows: readonly Row[]): Promise<void> {
  const duplicates = await likelyDuplicates(trx, ctx, rows);
  rows.forEach((row, i) => (row.possible_duplicate_of_id = duplicates[i]?.id ?? null));
  await tellAdmins(trx, ctx, rows.flatMap((vendor, i) => (duplicates[i] ? [{ vendor, duplicate: duplicates[i] }] : [])));
}

/** Before a vendor is deleted: the vendors flagged as its duplicates lose the flag (it points nowhere now). */
export async function clearDuplicateFlags(trx: DB, ctx: Ctx, vendorId: number): Promise<void> {
  await trx.updateTable("vendors").set({ possible_duplicate_of_id: null }).where("company_id", "=", ctx.company.id).where("possible_duplicate_of_id", "=", vendorId).execute();
}
