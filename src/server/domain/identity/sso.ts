/**
 * Single sign-on, whatever the protocol (sso-oidc.ts, sso-saml.ts). A company's setting
 * (resources/sso_settings.ts) owns an e-mail domain; a sign-in for an address of that domain goes
 * to its provider, and comes back with a verified identity, which signInExternal turns into a login:
 * - the address must be of the setting's domain (a provider may vouch for other addresses: refused);
 * - the login is found by e-mail; its membership of the setting's company must be ACTIVE (an
 *   INVITED one becomes ACTIVE: the provider proved the address), or, with just-in-time creation on,
 *   is created with the setting's default role (and the login too, without a password);
 * - `okta_id` keeps the provider's id of the person; the session starts in the setting's company.
 * A refusal is an SsoFailure: its two texts are what the failure page shows (product-spec 3).
 * Every outcome for a known login goes to the company's audit log.
 */
import type { Selectable } from "kysely";
import { roleNames } from "../../../framework/roles.js";
import type { DB } from "../../db/connect.js";
import type { SsoSettingsTable } from "../../db/database.js";
import { systemDb } from "../../db/row-security.js";
import { issueLink, resolveLink, spendLink } from "../../links/links.js";
import { actingFor, type Actor } from "./acting-for.js";
import { identityActivity } from "./identity-activity.js";
import { forgetSessions } from "./sessions.js";
import { issueTokens, type TokenPair } from "./tokens.js";

export type SsoSetting = Selectable<SsoSettingsTable>;

/** A refused single sign-on: a short title and its detail, shown together on the failure page. */
export class SsoFailure extends Error {
  constructor(readonly error: string, readonly description: string) {
    super(`${error}: ${description}`);
  }
}

/** The identity a provider vouched for. */
export interface ExternalIdentity {
  externalId: string;
  email: string;
  name?: string;
}

/** How long a started sign-on may take at the provider. */
export const ssoStateSeconds = 10 * 60;

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** The active setting of the domain of `email`, across companies (a domain has one). */
export async function settingForEmail(db: DB, email: string): Promise<SsoSetting | undefined> {
  if (!email.includes("@")) return undefined;
  return systemDb(db).selectFrom("sso_settings").selectAll().where("email_domain", "=", domainOf(email)).where("status", "=", "ACTIVE").executeTakeFirst();
}

/** A domain whose company enforces single sign-on: its passwords do not sign in. */
export async function ssoEnforced(db: DB, email: string): Promise<boolean> {
  return (await settingForEmail(db, email))?.enforced ?? false;
}

/** A sign-on started: its state, a one-use link (purpose `sso_state`) on the setting, 10 minutes. */
export function startState(db: DB, setting: SsoSetting): Promise<string> {
  return actingFor(db, setting.company_id, null, (trx, actor) =>
    issueLink(trx, actor, { purpose: "sso_state", record: { type: "SsoSetting", id: setting.id }, expiresIn: ssoStateSeconds }));
}

/** The setting a returning state was issued for, the state used up; refused when unknown, used or expired. */
export async function settingOfState(db: DB, state: string): Promise<SsoSetting> {
  const link = state ? await resolveLink(db, state, "sso_state") : { refused: "unknown" as const };
  const spent = !("refused" in link) && await actingFor(db, link.companyId, null, (trx) => spendLink(trx, state));
  if ("refused" in link || !spent) throw new SsoFailure("Sign-in expired", "This sign-in was not started here, or took too long. Please start again.");
  const setting = await systemDb(db).selectFrom("sso_settings").selectAll().where("id", "=", link.record.id).where("company_id", "=", link.companyId).executeTakeFirst();
  if (!setting || setting.status !== "ACTIVE") throw new SsoFailure("Single sign-on is off", "Your company no longer signs in through this provider.");
  return setting;
}

/**
 * The login for a vouched identity (see the header), or an SsoFailure; `finish` hands the browser
 * its session in the same transaction (tokens, or a one-use grant for a redirect).
 */
export async function signInExternal<T>(db: DB, setting: SsoSetting, identity: ExternalIdentity, finish: (trx: DB, actor: Actor, userId: number) => Promise<T>): Promise<T> {
  const email = identity.email.trim().toLowerCase();
  if (!email.includes("@") || domainOf(email) !== setting.email_domain) {
    throw new SsoFailure("Address not allowed", `${email || "This account"} is not an address of ${setting.email_domain}, so it cannot sign in here.`);
  }
  const company = await systemDb(db).selectFrom("companies").select(["id", "name"]).where("id", "=", setting.company_id).executeTakeFirstOrThrow();
  const outcome = await actingFor(db, company, null, async (trx, actor) => {
    let user = await trx.selectFrom("users").select(["id", "locked_at"]).where("email", "=", email).executeTakeFirst();
    const contact = user && await trx.selectFrom("contacts").select(["id", "status"]).where("user_id", "=", user.id).where("company_id", "=", company.id).executeTakeFirst();
    const refuse = async (error: string, description: string) => {
      if (user) await identityActivity(trx, company.id, { type: "users", id: user.id }, null, { sign_in: "refused by single sign-on", reason: description });
      return { failure: new SsoFailure(error, description) };
    };
    if (user?.locked_at) return refuse("Account locked", "Your account is locked. Ask an administrator to unlock it.");
    if (contact?.status === "INACTIVE") return refuse("Account deactivated", `Your account in ${company.name} is deactivated. Ask an administrator.`);
    if (!contact && !setting.jit_enabled) return refuse("No account", `There is no Outlay account for ${email} in ${company.name}. Ask an administrator for an invitation.`);
    if (!contact && !roleNames.includes(setting.default_role)) return refuse("Not set up", `The single sign-on of ${company.name} has no valid default role. Ask an administrator.`);

    user ??= await trx.insertInto("users").values({ email, name: identity.name?.trim() || email, current_company_id: company.id }).returning(["id", "locked_at"]).executeTakeFirstOrThrow();
    await trx.updateTable("users").set({ okta_id: identity.externalId, current_company_id: company.id, confirmation_pending: false, failed_attempts: 0, updated_at: new Date() })
      .where("id", "=", user.id).execute();
    if (!contact) {
      const [first, ...rest] = (identity.name?.trim() || email.split("@")[0]).split(/\s+/);
      await trx.insertInto("contacts").values({
        company_id: company.id, user_id: user.id, email, first_name: first, last_name: rest.join(" ") || first,
        contact_type: "COMPANY", role: setting.default_role, source: "COMPANY",
      }).execute();
    } else if (contact.status === "INVITED") {
      await trx.updateTable("contacts").set({ status: "ACTIVE", updated_at: new Date() }).where("id", "=", contact.id).execute();
    }
    await identityActivity(trx, company.id, { type: "users", id: user.id }, user.id,
      { sign_in: "succeeded by single sign-on", protocol: setting.protocol, ...(contact ? {} : { created: `just in time, role ${setting.default_role}` }) });
    return { done: await finish(trx, { ...actor, user: { id: user.id } as Actor["user"] }, user.id) };
  });
  forgetSessions();
  if ("failure" in outcome) throw outcome.failure;
  return outcome.done;
}

/** The browser's session after a redirect: a one-use grant (purpose `sso_grant`, a minute) it exchanges for tokens. */
export const grantSeconds = 60;

export function issueGrant(trx: DB, actor: Actor, userId: number): Promise<string> {
  return issueLink(trx, actor, { purpose: "sso_grant", record: { type: "User", id: userId }, expiresIn: grantSeconds });
}

/** Exchange a grant for tokens, once. */
export async function redeemGrant(db: DB, grant: string): Promise<TokenPair> {
  const link = grant ? await resolveLink(db, grant, "sso_grant") : { refused: "unknown" as const };
  if ("refused" in link) throw new SsoFailure("Sign-in expired", "This sign-in was already used or took too long. Please start again.");
  const tokens = await actingFor(db, link.companyId, link.record.id, async (trx) =>
    (await spendLink(trx, grant)) ? issueTokens(trx, link.record.id) : undefined);
  if (!tokens) throw new SsoFailure("Sign-in expired", "This sign-in was already used. Please start again.");
  return tokens;
}
