/**
 * Unlock by e-mail. Wrong passwords never lock an account (sign-in-throttle.ts), but guesses from
 * many addresses make the account-wide key wait, which slows its owner too when they sign in from an
 * address new to the account. The first attempt refused for that reason e-mails the owner a link
 * `/unlock_user/{token}` (purpose `unlock` on the user, 1 hour; no second mail while one is live);
 * opening it clears the account's counters and any explicit lock, as an administrator's unlock does.
 */
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { systemDb } from "../../db/row-security.js";
import { issueLink, resolveLink, spendLink, type LinkRefusal } from "../../links/links.js";
import { queueMail } from "../../mail/outbox.js";
import { actingFor } from "./acting-for.js";
import { identityActivity } from "./identity-activity.js";
import { accountWaits } from "./sign-in-throttle.js";
import { unlockUser } from "./users.js";

export const unlockSeconds = 3600;

/** The login of `email` with the company of an active membership (its current one first), or undefined. */
async function loginOf(db: DB, email: string) {
  return systemDb(db).selectFrom("users as u").innerJoin("contacts as c", "c.user_id", "u.id")
    .innerJoin("companies as co", "co.id", "c.company_id")
    .select(["u.id", "u.email", "co.id as company_id", "co.name as company_name"]).where("u.email", "=", email).where("c.status", "=", "ACTIVE")
    .orderBy((eb) => eb.case().when("c.company_id", "=", eb.ref("u.current_company_id")).then(0).else(1).end()).orderBy("c.company_id")
    .executeTakeFirst();
}

/** After a refused sign-in attempt: when the account-wide key made it wait, e-mail its owner an unlock link (once while one is live). */
export async function offerUnlock(db: DB, email: string): Promise<void> {
  if (!(await accountWaits(db, email))) return;
  const user = await loginOf(db, email);
  if (!user) return;
  await actingFor(db, { id: user.company_id, name: user.company_name }, user.id, async (trx, actor) => {
    const live = await trx.selectFrom("outbound_links").select("id").where("purpose", "=", "unlock").where("record_type", "=", "User")
      .where("record_id", "=", user.id).where("revoked_at", "is", null).where("expires_at", ">", new Date()).executeTakeFirst();
    if (live) return;
    const token = await issueLink(trx, actor, { purpose: "unlock", record: { type: "User", id: user.id }, expiresIn: unlockSeconds });
    queueMail(actor, {
      to: user.email, subject: "Sign-in attempts on your Outlay account",
      text: `Someone has been trying passwords on ${user.email}, so signing in from a new place is slowed down for a while. If that was not you, your password is safe, and you can lift the slowdown for yourself with this link (valid for an hour):\n\n${config.appUrl}/unlock_user/${token}\n\nIf you forgot your password, ask for a new one on the sign-in page instead.`,
    });
    await identityActivity(trx, user.company_id, { type: "users", id: user.id }, null, { sign_in: "slowed down; unlock link e-mailed" });
  });
}

/** Open an unlock link: the account's counters and explicit lock are cleared, the link revoked; the e-mail it was for. */
export async function useUnlockLink(db: DB, token: string): Promise<{ email: string } | { refused: LinkRefusal }> {
  const link = await resolveLink(db, token, "unlock");
  if ("refused" in link) return link;
  return actingFor(db, link.companyId, link.record.id, async (trx) => {
    if (!(await spendLink(trx, token))) return { refused: "revoked" as const };
    const user = await trx.selectFrom("users").select("email").where("id", "=", link.record.id).executeTakeFirstOrThrow();
    await unlockUser(trx, link.record.id);
    await identityActivity(trx, link.companyId, { type: "users", id: link.record.id }, link.record.id, { sign_in: "unlocked by e-mail" });
    return { email: user.email };
  });
}
