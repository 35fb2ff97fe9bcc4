/**
 * Users: the signed-in user's shape (GET /api/users/current), company switching, terms acceptance,
 * unlocking, and the hooks of the `users` resource (a user is a company contact with a login).
 */
import { sql } from "kysely";
import { formatDate } from "../../../framework/dates.js";
import { keysOfRole, roleNames } from "../../../framework/roles.js";
import { type DB, untyped } from "../../db/connect.js";
import { systemDb } from "../../db/row-security.js";
import { conflict, forbidden, unprocessable } from "../../errors.js";
import { forgetSessions } from "./sessions.js";
import { revokeUserTokens } from "./tokens.js";
import type { Ctx, Row } from "../../resources/context.js";
import { delegatorsOf } from "../approvals/engine.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { forgetAttempts } from "./sign-in-throttle.js";
import { sendInvitation } from "./password-links.js";
import { punchoutIntegrations } from "../purchasing/punchout.js";

export const acceptedTermsVersion = 1;

export const isRole = (role: unknown) => typeof role === "string" && roleNames.includes(role);
export const roleMessage = `must be one of ${roleNames.join(", ")}`;

/** Roles go only up to the giver's own: a role holding a key the giver lacks cannot be given, nor taken from its holder. */
export function checkWithinOwn(role: unknown, ctx: Ctx, what: "give" | "change"): void {
  if (typeof role !== "string") return;
  const own = new Set(ctx.principal.perm_resources);
  if (keysOfRole(role).every((key) => own.has(key))) return;
  throw forbidden(what === "give"
    ? `You cannot give the role ${role}: it holds permissions you do not have.`
    : `You cannot change this user's role: their role ${role} holds permissions you do not have.`);
}

const companySettings = [
  "disable_payment_method_selection", "accepted_payment_methods", "multiple_accepted_payment_methods",
  "has_payment_workflow", "has_account_structures", "crypto_currency_support", "company_date_format", "currency_code",
  "advanced_two_way_matching",
] as const;

export async function currentUser(ctx: Ctx): Promise<Row> {
  const user = await ctx.db.selectFrom("users").selectAll().where("id", "=", ctx.user.id).executeTakeFirstOrThrow();
  // the companies the user belongs to span companies: read past the row-level wall, only their ids, names
  // and whether the user is a vendor there (the portal) or staff
  const companies = await systemDb(ctx.db).selectFrom("contacts as c").innerJoin("companies as co", "co.id", "c.company_id")
    .select(["co.id", "co.name", sql<boolean>`c.role = 'vendor'`.as("portal")]).where("c.user_id", "=", ctx.user.id).where("c.status", "=", "ACTIVE").orderBy("co.name").execute();
  const company = ctx.company;
  const accepted = user.date_accepted_term;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: ctx.contact.role,
    roles: [{ name: ctx.contact.role }],
    contact: { id: ctx.contact.id, language: ctx.contact.language, vendor_id: ctx.contact.vendor_id },
    company: {
      id: company.id,
      name: company.name,
      currency: company.currency_code,
      ...Object.fromEntries(companySettings.map((key) => [key, company[key] ?? null])),
      punchout_integrations: await punchoutIntegrations(ctx),
    },
    companies,
    perm_resources: ctx.principal.perm_resources,
    module_settings: ctx.principal.module_settings,
    portal: ctx.principal.portal ?? false,
    delegators: await delegatorsOf(ctx),
    okta_id: user.okta_id ?? null,
    date_accepted_term: accepted,
    version_accepted_term: user.version_accepted_term ?? null,
    formatted_date_accepted_term: accepted ? formatDate(accepted.toISOString(), company.company_date_format) : null,
  };
}

/** Terms acceptance for the signed-in user: PATCH /api/users/{id} with {user: {date_accepted_term, version_accepted_term}}. */
export async function acceptTerms(db: DB, userId: number, input: Row): Promise<void> {
  const errors: Record<string, string[]> = {};
  const date = input.date_accepted_term;
  if (typeof date !== "string" || Number.isNaN(Date.parse(date))) errors.date_accepted_term = ["must be a date"];
  if (Number(input.version_accepted_term) !== acceptedTermsVersion) errors.version_accepted_term = [`must be ${acceptedTermsVersion}`];
  if (Object.keys(errors).length) throw unprocessable(errors);
  await db.updateTable("users")
    .set({ date_accepted_term: new Date(date as string), version_accepted_term: acceptedTermsVersion, updated_at: new Date() })
    .where("id", "=", userId).execute();
  forgetSessions();
}

/** Nobody switches off their own membership: a careless administrator would shut themself (or the company's last administrator) out. */
function refuseSelfDeactivation(data: Row, existing: Row, ctx: Ctx): void {
  if (existing.user_id === ctx.user.id && data.status !== undefined && data.status !== existing.status) throw conflict("You cannot deactivate yourself.");
}

/** A membership leaving ACTIVE (deactivated) ends every session of its login: their refresh tokens are revoked with it. */
async function endSessionsOnDeactivation(data: Row, existing: Row, trx: DB): Promise<void> {
  if (existing.user_id && existing.status === "ACTIVE" && data.status !== undefined && data.status !== "ACTIVE") await revokeUserTokens(trx, Number(existing.user_id));
}

/** The contacts table's own view (contacts of every kind); the users view adds the login's rules. */
export const contactHooks: ResourceHooks = {
  async beforeUpdate(data, existing, ctx, trx) {
    refuseSelfDeactivation(data, existing, ctx);
    await endSessionsOnDeactivation(data, existing, trx);
  },
};

export const userHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const ids = rows.map((r) => r.user_id as number).filter(Boolean);
    const users = ids.length ? await ctx.db.selectFrom("users").select(["id", "locked_at"]).where("id", "in", ids).execute() : [];
    const locked = new Map<unknown, boolean>(users.map((u) => [u.id, u.locked_at !== null]));
    for (const row of rows) row.locked = locked.get(row.user_id) ?? false;
  },

  beforeCreate(data, ctx) {
    const errors: Record<string, string[]> = {};
    if (typeof data.email !== "string" || !data.email) errors.email = ["can't be blank"];
    if (!isRole(data.role)) errors.role = [roleMessage];
    if (Object.keys(errors).length) throw unprocessable(errors);
    checkWithinOwn(data.role, ctx, "give");
  },

  async beforeUpdate(data, existing, ctx, trx) {
    refuseSelfDeactivation(data, existing, ctx);
    await endSessionsOnDeactivation(data, existing, trx);
    if (!("role" in data) || data.role === existing.role) return;
    if (!isRole(data.role)) throw unprocessable({ role: [roleMessage] });
    checkWithinOwn(existing.role, ctx, "change");
    checkWithinOwn(data.role, ctx, "give");
  },

  /**
   * A new user: the login (found by e-mail, or created without a password) and its contact here,
   * INVITED until the invitation e-mailed with it is used (password-links.ts).
   */
  async insert(data, ctx, trx) {
    const email = String(data.email).trim().toLowerCase();
    const name = `${String(data.first_name)} ${String(data.last_name)}`;
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    const user = existing ?? (await trx.insertInto("users").values({ email, name, current_company_id: ctx.company.id }).returning("id").executeTakeFirstOrThrow());
    const member = await trx.selectFrom("contacts").select("id").where("company_id", "=", ctx.company.id).where("user_id", "=", user.id).executeTakeFirst();
    if (member) throw unprocessable({ email: ["is already a user of this company"] });
    const contact = await untyped(trx).insertInto("contacts").values({
      ...data, email, status: "INVITED", company_id: ctx.company.id, user_id: user.id, contact_type: "COMPANY", source: "COMPANY",
      company_roles: data.company_roles ?? [], vendor_roles: data.vendor_roles ?? [],
    }).returningAll().executeTakeFirstOrThrow();
    await sendInvitation(trx, ctx, { id: contact.id as number, email }, existing !== undefined);
    return contact;
  },
};

/** Administrators unlock a user: an explicit lock (`locked_at`) and the sign-in throttles of the account. */
export async function unlockUser(db: DB, userId: number): Promise<void> {
  const user = await db.updateTable("users").set({ locked_at: null, failed_attempts: 0, updated_at: new Date() })
    .where("id", "=", userId).returning("email").executeTakeFirst();
  if (user) await forgetAttempts(db, user.email);
  forgetSessions();
}
