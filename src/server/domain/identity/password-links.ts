/**
 * Passwords by e-mail: the invitation an administrator's new user receives, and the reset anyone may
 * ask for. Both are outbound links (src/server/links) that open /set_password/{token}:
 * - invitation: on the new contact (purpose `invitation`, 7 days). The contact is INVITED until the
 *   link is used; a new login sets its password there, an existing login (joining another company)
 *   accepts without one. Nobody else can make the membership ACTIVE.
 * - reset: on the user (purpose `password_reset`, 1 hour). The answer to a request is the same
 *   whether or not the address has an account; a set password ends every session of the user.
 * A link is used once: using it revokes it. Every step leaves an activity row on the contact or user.
 */
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { systemDb } from "../../db/row-security.js";
import { unprocessable } from "../../errors.js";
import { issueLink, resolveLink, revokeLinks, spendLink, type LinkPurpose, type LinkRefusal } from "../../links/links.js";
import { queueMail } from "../../mail/outbox.js";
import { actingFor, type Actor } from "./acting-for.js";
import { hashPassword, passwordRule } from "./passwords.js";
import { identityActivity } from "./identity-activity.js";
import { forgetSessions } from "./sessions.js";

export const invitationSeconds = 7 * 24 * 3600;
export const resetSeconds = 3600;

/** The spec's messages (product-spec 5) */
export const badPasswordMessage = "Please enter atleast 1 character and Number.";
export const mismatchMessage = "Please ensure the passwords match.";
export const resetAnswer = "If an account exists for this address, we have sent it a link to set a new password.";


const setPasswordUrl = (token: string) => `${config.appUrl}/set_password/${token}`;

/**
 * A new invitation link for an INVITED contact (inside the unit of work that sends it): any earlier
 * one is revoked. Returns the /set_password URL; `next` is the page the person lands on once signed in
 * (a path of the app, e.g. the vendor portal's submit page of an invoice request).
 */
export async function issueInvitation(trx: DB, ctx: Actor, contactId: number, next?: string): Promise<string> {
  const record = { type: "Contact", id: contactId };
  await revokeLinks(trx, ctx.company.id, record, "invitation");
  const token = await issueLink(trx, ctx, { purpose: "invitation", record, expiresIn: invitationSeconds });
  await identityActivity(trx, ctx.company.id, { type: "contacts", id: contactId }, ctx.user.id, { invitation: "sent" });
  return next ? `${setPasswordUrl(token)}?next=${encodeURIComponent(next)}` : setPasswordUrl(token);
}

/**
 * Invite the contact just added (inside the unit of work of its insert): any earlier invitation link
 * is revoked, a new one e-mailed. `existingLogin`: the address already signs in elsewhere.
 */
export async function sendInvitation(trx: DB, ctx: Actor, contact: { id: number; email: string }, existingLogin: boolean): Promise<void> {
  const url = await issueInvitation(trx, ctx, contact.id);
  const company = ctx.company.name;
  const text = existingLogin
    ? `You have been invited to join ${company} on Outlay. Open this link to accept (valid for 7 days):\n\n${url}`
    : `You have been invited to ${company} on Outlay. Open this link to choose your password (valid for 7 days):\n\n${url}`;
  queueMail(ctx, { to: contact.email, subject: `Your invitation to ${company} on Outlay`, text, related: { type: "Contact", id: contact.id } });
}

/** What a /set_password link opens, or why it is refused. */
export interface PasswordLink {
  purpose: Extract<LinkPurpose, "invitation" | "password_reset">;
  companyId: number;
  companyName: string;
  email: string;
  userId: number;
  contactId: number | null;
  /** an existing login accepting an invitation: no password is asked */
  hasPassword: boolean;
}

export async function openPasswordLink(db: DB, token: string): Promise<PasswordLink | { refused: LinkRefusal }> {
  const owner = systemDb(db);
  let refused: LinkRefusal = "unknown";
  for (const purpose of ["invitation", "password_reset"] as const) {
    const link = await resolveLink(db, token, purpose);
    if ("refused" in link) {
      if (link.refused !== "unknown") refused = link.refused;
      continue;
    }
    const company = await owner.selectFrom("companies").select("name").where("id", "=", link.companyId).executeTakeFirstOrThrow();
    if (purpose === "invitation") {
      const row = await owner.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id")
        .select(["c.id as contact_id", "c.status", "u.id as user_id", "u.email", "u.password_hash"])
        .where("c.id", "=", link.record.id).where("c.company_id", "=", link.companyId).executeTakeFirst();
      if (!row || row.status !== "INVITED") return { refused: "revoked" };
      return { purpose, companyId: link.companyId, companyName: company.name, email: row.email, userId: row.user_id, contactId: row.contact_id, hasPassword: !!row.password_hash };
    }
    const user = await owner.selectFrom("users").select(["id", "email"]).where("id", "=", link.record.id).executeTakeFirst();
    if (!user) return { refused: "revoked" };
    return { purpose, companyId: link.companyId, companyName: company.name, email: user.email, userId: user.id, contactId: null, hasPassword: false };
  }
  return { refused };
}

function checkPassword(password: unknown, confirmation: unknown): string {
  if (typeof password !== "string" || !passwordRule.test(password)) throw unprocessable({ password: [badPasswordMessage] });
  if (password !== confirmation) throw unprocessable({ password_confirmation: [mismatchMessage] });
  return password;
}

/**
 * Use a /set_password link: set the password (unless an existing login accepts an invitation), make
 * an invited membership ACTIVE, revoke the link; a new password ends the user's sessions.
 */
export async function usePasswordLink(db: DB, link: PasswordLink, token: string, input: { password?: unknown; password_confirmation?: unknown }): Promise<void> {
  const password = link.hasPassword ? null : checkPassword(input.password, input.password_confirmation);
  const passwordHash = password === null ? null : await hashPassword(password);
  await actingFor(db, { id: link.companyId, name: link.companyName }, link.userId, async (trx) => {
    // the token again, inside the transaction and locked: two uses at once, one wins
    if (!(await spendLink(trx, token))) throw unprocessable({ base: ["This link has already been used."] });
    if (passwordHash) {
      await trx.updateTable("users").set({ password_hash: passwordHash, failed_attempts: 0, updated_at: new Date() }).where("id", "=", link.userId).execute();
      await trx.updateTable("oauth_tokens").set({ revoked_at: new Date() }).where("user_id", "=", link.userId).where("revoked_at", "is", null).execute();
    }
    if (link.contactId !== null) {
      await trx.updateTable("contacts").set({ status: "ACTIVE", updated_at: new Date() }).where("id", "=", link.contactId).where("status", "=", "INVITED").execute();
      await identityActivity(trx, link.companyId, { type: "contacts", id: link.contactId }, link.userId, { invitation: "accepted", status: ["INVITED", "ACTIVE"] });
    } else {
      await identityActivity(trx, link.companyId, { type: "users", id: link.userId }, link.userId, { password: "reset by e-mail" });
    }
  });
  forgetSessions();
}

/**
 * A reset asked for `email`: when it is a login with an active membership somewhere, a link goes to
 * it (earlier reset links revoked). The caller answers `resetAnswer` either way.
 */
export async function requestPasswordReset(db: DB, email: string): Promise<void> {
  const owner = systemDb(db);
  const user = await owner.selectFrom("users as u").innerJoin("contacts as c", "c.user_id", "u.id")
    .select(["u.id", "u.email", "c.company_id"]).where("u.email", "=", email).where("c.status", "=", "ACTIVE")
    .orderBy((eb) => eb.case().when("c.company_id", "=", eb.ref("u.current_company_id")).then(0).else(1).end()).orderBy("c.company_id")
    .executeTakeFirst();
  if (!user) return;
  const companyId = user.company_id;
  const company = await owner.selectFrom("companies").select(["id", "name"]).where("id", "=", companyId).executeTakeFirstOrThrow();
  await actingFor(db, company, user.id, async (trx, actor) => {
    const record = { type: "User", id: user.id };
    await revokeLinks(trx, companyId, record, "password_reset");
    const token = await issueLink(trx, actor, { purpose: "password_reset", record, expiresIn: resetSeconds });
    queueMail(actor, {
      to: user.email, subject: "Reset your Outlay password",
      text: `Someone (we hope you) asked to reset the password of ${user.email} on Outlay. Open this link within an hour to choose a new one:\n\n${setPasswordUrl(token)}\n\nIf you did not ask, ignore this message: your password stays as it is.`,
    });
    await identityActivity(trx, companyId, { type: "users", id: user.id }, null, { password_reset: "requested" });
  });
}
