/**
 * Sign-in (POST /oauth/token, POST /oauth/revoke) and the bearer check of every /api request:
 * token → user → membership of the company named by the `company-id` header → permissions.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { userSchema } from "../../../schemas/user.js";
import type { DB } from "../db/connect.js";
import { forCompany } from "../db/row-security.js";
import { verifyPassword } from "../domain/identity/passwords.js";
import { admitAttempt, attemptSucceeded } from "../domain/identity/sign-in-throttle.js";
import { issueTokens, refreshTokens, revokeToken, tokenHash } from "../domain/identity/tokens.js";
import type { Ctx } from "../resources/context.js";
import { badRequest, forbidden, HttpError, unauthorized } from "../errors.js";
import { sessions } from "../domain/identity/sessions.js";
import { membership, sessionOf } from "../domain/identity/membership.js";
import { offerUnlock } from "../domain/identity/unlock-links.js";
import { unconfirmedMessage } from "../domain/identity/sign-up.js";
import { ssoEnforced } from "../domain/identity/sso.js";
import { providerLogoutUrl } from "../domain/identity/sso-oidc.js";
import { originOf } from "./sso.js";
import { signInActivity } from "../domain/identity/identity-activity.js";

declare module "fastify" {
  interface FastifyRequest {
    ctx: Ctx;
  }
}

/** OAuth errors carry the RFC 6749 fields and our usual `errors.base`. */
function oauthError(status: number, error: string, description: string): HttpError {
  const e = new HttpError(status, { base: [description] });
  Object.assign(e, { oauth: { error, error_description: description } });
  return e;
}

export const ssoEnforcedMessage = "Your company signs in with single sign-on. Please use \"Log in with single sign-on\".";
export const lockedMessage = "Your account is locked. Ask an administrator to unlock it.";
const badCredentials = "Invalid email or password.";
const maxEmailLength = userSchema.properties.email.maxLength;

/** 429 with Retry-After: too many attempts for this account or from this address. */
class TooManyAttempts extends HttpError {
  constructor(readonly retryAfter: number) {
    const message = `Too many attempts. Try again in ${retryAfter} ${retryAfter === 1 ? "second" : "seconds"}.`;
    super(429, { base: [message] });
    Object.assign(this, { oauth: { error: "too_many_attempts", error_description: message } });
  }
}

/**
 * The password grant. The attempt is admitted by the throttle (sign-in-throttle.ts) before the
 * password is checked; an unknown e-mail costs the same work (a decoy hash, the same UPDATE) and gets
 * the same answer as a wrong password. Only the right password of a locked account says so.
 */
async function passwordGrant(db: DB, username: unknown, password: unknown, address: string) {
  if (typeof username !== "string" || typeof password !== "string" || !username || !password) {
    throw oauthError(400, "invalid_request", "username and password are required.");
  }
  const email = username.trim().toLowerCase();
  // no account has a longer e-mail or a NUL in it (PostgreSQL text cannot hold one): refused before
  // anything is counted or stored under such a key
  if (email.length > maxEmailLength || email.includes("\u0000")) throw oauthError(400, "invalid_request", "username must be an e-mail address.");
  const wait = await admitAttempt(db, email, address);
  const user = await db.selectFrom("users").select(["id", "password_hash", "locked_at", "current_company_id", "confirmation_pending"]).where("email", "=", email).executeTakeFirst();
  if (wait !== null) {
    if (user) await signInActivity(db, user, "throttled", address);
    await offerUnlock(db, email);
    throw new TooManyAttempts(wait);
  }
  const valid = await verifyPassword(user?.password_hash, password);
  if (!user || !valid) {
    await db.updateTable("users").set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) })).where("email", "=", email).execute();
    if (user) await signInActivity(db, user, "failed", address);
    throw oauthError(400, "invalid_grant", badCredentials);
  }
  if (user.locked_at) {
    await signInActivity(db, user, "refused: locked", address);
    throw oauthError(400, "invalid_grant", lockedMessage);
  }
  // like a lock, said only to the right password
  if (user.confirmation_pending) throw oauthError(400, "invalid_grant", unconfirmedMessage);
  if (await ssoEnforced(db, email)) {
    await signInActivity(db, user, "refused: single sign-on enforced", address);
    throw oauthError(400, "invalid_grant", ssoEnforcedMessage);
  }
  await db.updateTable("users").set({ failed_attempts: 0 }).where("id", "=", user.id).execute();
  await attemptSucceeded(db, email, address);
  await signInActivity(db, user, "succeeded", address);
  return issueTokens(db, user.id);
}

export function oauthRoutes(app: FastifyInstance, db: DB): void {
  app.post("/oauth/token", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      if (body.grant_type === "password") return await passwordGrant(db, body.username, body.password, request.ip);
      if (body.grant_type === "refresh_token") {
        const pair = typeof body.refresh_token === "string" ? await refreshTokens(db, body.refresh_token) : undefined;
        if (!pair) throw oauthError(400, "invalid_grant", "The refresh token is invalid or expired.");
        return pair;
      }
      throw oauthError(400, "unsupported_grant_type", "grant_type must be password or refresh_token.");
    } catch (error) {
      const oauth = (error as { oauth?: object }).oauth;
      if (error instanceof TooManyAttempts) reply.header("retry-after", String(error.retryAfter));
      if (oauth && error instanceof HttpError) return reply.status(error.status).send({ ...oauth, errors: error.errors });
      throw error;
    }
  });

  // a single sign-on session also ends at its provider, when the provider supports it: the browser goes to `logout_url`
  app.post("/oauth/revoke", async (request) => {
    const token = (request.body as Record<string, unknown> | undefined)?.token;
    const session = typeof token === "string" && token ? await revokeToken(db, token) : undefined;
    const logoutUrl = session?.sso_setting_id ? await providerLogoutUrl(db, session, originOf(request)) : undefined;
    return logoutUrl ? { logout_url: logoutUrl } : {};
  });
}

/**
 * Build the request context; 401 without a valid token, 403 outside the user's companies. The
 * context's `db` is bound to the company (row-security.ts): on PostgreSQL every statement of the
 * request sees that company's rows only. `db` may be the app database or one bound to any company.
 */
export async function authenticate(db: DB, request: FastifyRequest): Promise<Ctx> {
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized();
  const companyHeader = request.headers["company-id"];
  if (companyHeader !== undefined && !/^\d{1,9}$/.test(String(companyHeader))) throw badRequest("company-id must be a company id.");
  const hash = tokenHash(token);
  const key = `${hash}:${companyHeader ?? ""}`;
  const cached = sessions.get(key);
  if (cached) return { ...cached, db: forCompany(db, cached.company.id), warnings: [] };
  const lookedUpAt = Date.now();

  // the company asked for, else the user's current one (users and tokens are not company rows)
  const companyId = companyHeader !== undefined ? Number(companyHeader) : (await db.selectFrom("oauth_tokens as tk")
    .innerJoin("users as u", "u.id", "tk.user_id").select("u.current_company_id as id").where("tk.access_hash", "=", hash)
    .executeTakeFirst())?.id;
  // the membership is looked up with that company set: the wall shows its contacts only
  const scoped = companyId == null ? db : forCompany(db, companyId);
  const row = await membership(scoped, companyId).innerJoin("oauth_tokens as tk", "tk.user_id", "u.id")
    .where("tk.access_hash", "=", hash).where("tk.revoked_at", "is", null).where("tk.access_expires_at", ">", new Date())
    .executeTakeFirst();
  if (!row || row.locked_at) throw unauthorized();
  const session = sessionOf(row);
  if (!session) throw forbidden("You do not belong to this company.");
  sessions.set(key, session, lookedUpAt);
  return { ...session, db: scoped, warnings: [] };
}
