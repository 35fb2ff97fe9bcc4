/** Opaque bearer tokens, stored hashed so that they can be revoked and a database leak is harmless. */
import crypto from "node:crypto";
import type { DB } from "../../db/connect.js";
import { forgetSessions } from "./sessions.js";
import { systemDb } from "../../db/row-security.js";
import { inTransaction } from "../../db/unit-of-work.js";

export const accessTokenSeconds = 2 * 60 * 60;
const refreshTokenSeconds = 30 * 24 * 60 * 60;

export const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const newToken = () => crypto.randomBytes(32).toString("base64url");

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** What a single sign-on session keeps for its logout at the provider; a refresh passes it on. */
export interface SsoSession {
  sso_setting_id: number | null;
  id_token: string | null;
}

/** A new pair; a refresh passes its `family` (and single sign-on session) on, a sign-in starts one. */
export async function issueTokens(db: DB, userId: number, family: string = crypto.randomUUID(), sso?: SsoSession): Promise<TokenPair> {
  const access = newToken();
  const refresh = newToken();
  const now = Date.now();
  await db.insertInto("oauth_tokens").values({
    user_id: userId,
    access_hash: tokenHash(access),
    refresh_hash: tokenHash(refresh),
    access_expires_at: new Date(now + accessTokenSeconds * 1000),
    refresh_expires_at: new Date(now + refreshTokenSeconds * 1000),
    family,
    sso_setting_id: sso?.sso_setting_id ?? null,
    id_token: sso?.id_token ?? null,
  }).execute();
  return { access_token: access, refresh_token: refresh, token_type: "Bearer", expires_in: accessTokenSeconds };
}

/**
 * Exchange a refresh token: the old pair is revoked and marked rotated, a new one of the same family
 * issued. A refresh token presented again after its rotation has been copied — by the thief or from
 * the thief — so every pair of its family is revoked (refresh token rotation, RFC 9700) and the answer is a refusal.
 */
export async function refreshTokens(db: DB, refreshToken: string): Promise<TokenPair | undefined> {
  const hashed = tokenHash(refreshToken);
  // a login with no active membership left (deactivated everywhere) is not kept signed in. Memberships
  // span companies: they are read by the owner's database, before the transaction (PGlite has one
  // connection, which the transaction holds; on PostgreSQL the transaction stays behind the wall)
  const holder = await db.selectFrom("oauth_tokens").select("user_id").where("refresh_hash", "=", hashed).executeTakeFirst();
  if (holder && !(await hasActiveMembership(db, holder.user_id))) return undefined;
  const pair = await inTransaction({ db }, async (trx) => {
    const now = new Date();
    const row = await trx.updateTable("oauth_tokens").set({ revoked_at: now, rotated_at: now })
      .where("refresh_hash", "=", hashed).where("revoked_at", "is", null).where("refresh_expires_at", ">", now)
      .returning(["user_id", "family", "sso_setting_id", "id_token"]).executeTakeFirst();
    if (!row) {
      const reused = await trx.selectFrom("oauth_tokens").select("family")
        .where("refresh_hash", "=", hashed).where("rotated_at", "is not", null).executeTakeFirst();
      if (reused?.family) {
        await trx.updateTable("oauth_tokens").set({ revoked_at: now })
          .where("family", "=", reused.family).where("revoked_at", "is", null).execute();
      }
      return undefined;
    }
    const user = await trx.selectFrom("users").select("locked_at").where("id", "=", row.user_id).executeTakeFirst();
    if (!user || user.locked_at) return undefined;
    return issueTokens(trx, row.user_id, row.family ?? undefined, row);
  });
  forgetSessions();
  return pair;
}

/** Whether the login is an ACTIVE member of some company (memberships span companies: read past the row-level wall). */
async function hasActiveMembership(db: DB, userId: number): Promise<boolean> {
  const member = await systemDb(db).selectFrom("contacts").select("id").where("user_id", "=", userId).where("status", "=", "ACTIVE").limit(1).executeTakeFirst();
  return member !== undefined;
}

/**
 * Revoke every pair of a login (inside the caller's transaction): its deactivation, in any company,
 * ends its sessions; a refresh token of theirs is refused from then on. It signs in again where it is still a member.
 */
export async function revokeUserTokens(db: DB, userId: number): Promise<number> {
  const revoked = await db.updateTable("oauth_tokens").set({ revoked_at: new Date() }).where("user_id", "=", userId).where("revoked_at", "is", null).executeTakeFirst();
  forgetSessions();
  return Number(revoked.numUpdatedRows);
}

/** Revoke the pair an access or refresh token belongs to; its single sign-on session, if it had one. */
export async function revokeToken(db: DB, token: string): Promise<SsoSession | undefined> {
  const hashed = tokenHash(token);
  const revoked = await db.updateTable("oauth_tokens").set({ revoked_at: new Date() })
    .where((eb) => eb.or([eb("access_hash", "=", hashed), eb("refresh_hash", "=", hashed)]))
    .returning(["sso_setting_id", "id_token"]).executeTakeFirst();
  forgetSessions();
  return revoked;
}
