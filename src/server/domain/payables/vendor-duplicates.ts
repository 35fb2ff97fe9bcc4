/**
 * Likely duplicate vendors (issue 13): a vendor created, or whose name or tax id changes, is compared
 * with the company's other vendors: the same tax id, or the same name once normalised (case,
 * punctuation, spaces and company suffixes such as Inc, LLC, Ltd, Corp dropped) is flagged on the
 * vendor (`possible_duplicate_of_id`, shown to staff on its list and page) and the company's
 * administrators get a notification. A warning, never a refusal: two vendor records of one business
 * are sometimes wanted (two remit-to entities), and staff decide.
 */
import { sql } from "kysely";
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";

/** the suffixes that do not tell two businesses apart */
const suffixes = ["incorporated", "inc", "llc", "l\\.l\\.c", "ltd", "limited", "corp", "corporation", "co", "company", "gmbh", "plc", "llp", "lp", "sa", "ag"];
// word boundaries: \b in JavaScript, \y in PostgreSQL (one pattern otherwise, so both sides agree)
const suffixPattern = (boundary: string) => `${boundary}(${suffixes.join("|")})${boundary}`;

/** The name as compared: lower case, suffixes dropped, letters and digits only ("Acme, Inc." → "acme"). */
export function normaliseVendorName(name: string): string {
  return name.toLowerCase().replace(new RegExp(suffixPattern("\\b"), "g"), "").replace(/[^a-z0-9]/g, "");
}

/** The same normalisation in SQL, on the vendors' `name` column. */
const normalisedNameSql = sql<string>`regexp_replace(regexp_replace(lower(name), ${suffixPattern("\\y")}, '', 'g'), '[^a-z0-9]', '', 'g')`;

/** The company's first other vendor with the same tax id or normalised name, if any. */
export async function likelyDuplicate(trx: DB, ctx: Ctx, vendor: Row): Promise<{ id: number; name: string } | undefined> {
  const name = normaliseVendorName(String(vendor.name ?? ""));
  const taxId = typeof vendor.tax_id === "string" && vendor.tax_id !== "" ? vendor.tax_id : null;
  if (name === "" && taxId === null) return undefined;
  let query = trx.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", ctx.company.id);
  if (vendor.id != null) query = query.where("id", "<>", vendor.id as number);
  return query.where((eb) => eb.or([
    ...(name !== "" ? [eb(normalisedNameSql, "=", name)] : []),
    ...(taxId !== null ? [eb("tax_id", "=", taxId)] : []),
  ])).orderBy("id").limit(1).executeTakeFirst();
}

/** Whether a write of the vendor is one the duplicate check looks at: a create, or a new name or tax id. */
export const duplicateRelevant = (data: Row, existing?: Row): boolean =>
  existing === undefined || ["name", "tax_id"].some((field) => field in data && data[field] !== existing[field]);

/** Tell the company's active administrators (in-app) that the vendor looks like another one: a link to the vendor when it has an id, else to the other. */
async function tellAdmins(trx: DB, ctx: Ctx, vendor: Row, duplicate: { id: number; name: string }): Promise<void> {
  const admins = await trx.selectFrom("contacts").select("user_id").where("company_id", "=", ctx.company.id)
    .where("contact_type", "=", "COMPANY").where("role", "=", "admin").where("status", "=", "ACTIVE").where("user_id", "is not", null).execute();
  const title = `Possible duplicate vendor: ${String(vendor.name)}`;
  const body = `${String(vendor.name)} has the same tax id or name as ${duplicate.name}. Check whether both records are wanted.`;
  const link = `/vendors/${String(vendor.id ?? duplicate.id)}`;
  for (const { user_id } of admins) {
    await trx.insertInto("notifications").values({ company_id: ctx.company.id, user_id: user_id!, kind: "system", title, body, link }).execute();
  }
}

/**
 * In a vendor's create or update (before the write, `existing` on an update): when the write is a new
 * vendor or changes its name or tax id, set `data.possible_duplicate_of_id` (the flag, or null when the
 * likeness is gone); a new flag (another vendor than before) notifies the administrators.
 */
export async function flagDuplicate(trx: DB, ctx: Ctx, data: Row, existing?: Row): Promise<void> {
  if (!duplicateRelevant(data, existing)) return;
  const vendor = { ...existing, ...data };
  const duplicate = await likelyDuplicate(trx, ctx, vendor);
  const id = duplicate?.id ?? null;
  data.possible_duplicate_of_id = id;
  if (duplicate && id !== (existing?.possible_duplicate_of_id ?? null)) await tellAdmins(trx, ctx, vendor, duplicate);
}

/** Before a vendor is deleted: the vendors flagged as its duplicates lose the flag (it points nowhere now). */
export async function clearDuplicateFlags(trx: DB, ctx: Ctx, vendorId: number): Promise<void> {
  await trx.updateTable("vendors").set({ possible_duplicate_of_id: null }).where("company_id", "=", ctx.company.id).where("possible_duplicate_of_id", "=", vendorId).execute();
}
