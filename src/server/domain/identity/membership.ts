/**
 * Who a user is in a company: their ACTIVE membership (contact), its role's permission keys and the
 * company's modules — the session of a request (http/auth.ts) and of work done for a user outside
 * one (a scheduled report runs as its creator).
 */
import { sql } from "kysely";
import { keysOfRole, moduleNames, portalRoles } from "../../../framework/roles.js";
import type { DB } from "../../db/connect.js";
import type { CompanyRow } from "../../resources/context.js";
import type { Session } from "./sessions.js";

/** The company's modules, on unless switched off; only known module names (a stored stray key grants nothing). */
function moduleSettingsOf(company: Pick<CompanyRow, "module_settings">): Record<string, boolean> {
  return Object.fromEntries(moduleNames.map((m) => [m, company.module_settings?.[m] ?? true]));
}

/** A user with their ACTIVE membership (contact) of `companyId` and that company, if any. */
export const membership = (scoped: DB, companyId: number | null | undefined) => scoped.selectFrom("users as u")
  .leftJoin("contacts as c", (join) => join.onRef("c.user_id", "=", "u.id").on("c.status", "=", "ACTIVE")
    .on("c.company_id", "=", companyId ?? null))
  .leftJoin("companies as co", "co.id", "c.company_id")
  .select(["u.id as user_id", "u.email", "u.name", "u.locked_at", "c.id as contact_id", "c.role", "c.language", "c.vendor_id",
    sql<CompanyRow>`to_jsonb(co)`.as("company")]);

type Membership = Awaited<ReturnType<ReturnType<typeof membership>["executeTakeFirstOrThrow"]>>;

/** The session of a membership row: undefined when the user is not a member of the company. */
export function sessionOf(row: Membership): Session | undefined {
  if (!row.contact_id || !row.company) return undefined;
  const company = row.company;
  return {
    user: { id: row.user_id, email: row.email, name: row.name },
    contact: { id: row.contact_id, role: row.role as string, language: row.language as string, vendor_id: row.vendor_id },
    company,
    principal: {
      perm_resources: keysOfRole(row.role as string),
      module_settings: moduleSettingsOf(company),
      portal: portalRoles.includes(row.role as string),
    },
  };
}

/**
 * The session of a user acting in a company outside a request (a scheduled report runs as its
 * creator), read through `db` (one that sees the company's contacts): undefined when the user is
 * locked or no longer an active member there.
 */
export async function userSession(db: DB, userId: number, companyId: number): Promise<Session | undefined> {
  const row = await membership(db, companyId).where("u.id", "=", userId).executeTakeFirst();
  return row && !row.locked_at ? sessionOf(row) : undefined;
}

