/**
 * Sign-up (when the instance allows it, config.signupOpen): a new company and its administrator,
 * whose password signs in once the address is confirmed by the e-mailed link
 * `/users/confirmation?confirmation_token=…` (purpose `confirmation` on the user, 1 day).
 * The answer never says whether the address has an account: an address that has one gets an e-mail
 * saying so (a login still waiting for its confirmation gets a new link instead), and the same 202.
 */
import { signUpSchema, type SignUp } from "../../../../schemas/sign_up.js";
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { systemDb } from "../../db/row-security.js";
import { inTransaction, type UnitContext } from "../../db/unit-of-work.js";
import { unprocessable } from "../../errors.js";
import { issueLink, resolveLink, revokeLinks, spendLink, type LinkRefusal } from "../../links/links.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx } from "../../resources/context.js";
import { validateInput } from "../../validation.js";
import { createCompany } from "../admin/new-company.js";
import { actingFor, type Actor } from "./acting-for.js";
import { identityActivity } from "./identity-activity.js";
import { badPasswordMessage, mismatchMessage } from "./password-links.js";
import { hashPassword, passwordRule } from "./passwords.js";

export const confirmationSeconds = 24 * 3600;
export const signUpAnswer = "Check your e-mail: we have sent you a link to confirm your address.";
export const unconfirmedMessage = "Please confirm your e-mail address first: open the link we sent you.";

/** The sign-up's fields checked, every problem at once (422 per field). */
export function checkSignUp(body: unknown): SignUp {
  const input = { ...(body && typeof body === "object" ? body : {}) } as Record<string, unknown>;
  if (typeof input.email === "string") input.email = input.email.trim().toLowerCase();
  const errors = validateInput(signUpSchema, input) ?? {};
  if (typeof input.password === "string" && !passwordRule.test(input.password)) errors.password = [badPasswordMessage];
  if (typeof input.password === "string" && input.password !== input.password_confirmation) errors.password_confirmation = [mismatchMessage];
  if (Object.keys(errors).length) throw unprocessable(errors);
  return input as unknown as SignUp;
}

const confirmationUrl = (token: string) => `${config.appUrl}/users/confirmation?confirmation_token=${token}`;

async function sendConfirmation(trx: DB, actor: Actor, user: { id: number; email: string }): Promise<void> {
  const record = { type: "User", id: user.id };
  await revokeLinks(trx, actor.company.id, record, "confirmation");
  const token = await issueLink(trx, actor, { purpose: "confirmation", record, expiresIn: confirmationSeconds });
  queueMail(actor, {
    to: user.email, subject: "Confirm your e-mail address for Outlay",
    text: `Welcome to Outlay. ${actor.company.name} is ready for you. Open this link within a day to confirm your address, then sign in:\n\n${confirmationUrl(token)}\n\nIf you did not sign up, ignore this message.`,
  });
}

/** Sign up: the company, its administrator and the confirmation e-mail in one transaction; or the e-mail to an existing address. */
export async function signUp(db: DB, input: SignUp): Promise<void> {
  const owner = systemDb(db);
  const existing = await owner.selectFrom("users as u").leftJoin("companies as co", "co.id", "u.current_company_id")
    .select(["u.id", "u.email", "u.confirmation_pending", "co.id as company_id", "co.name as company_name"])
    .where("u.email", "=", input.email).executeTakeFirst();
  if (existing?.company_id != null) {
    const company = { id: existing.company_id, name: existing.company_name ?? "" };
    await actingFor(db, company, existing.id, async (trx, actor) => {
      if (existing.confirmation_pending) return sendConfirmation(trx, actor, existing);
      queueMail(actor, {
        to: existing.email, subject: "Your Outlay account",
        text: `Someone (we hope you) tried to sign up to Outlay with ${existing.email}, which already has an account. Sign in at ${config.appUrl}/login, or choose a new password at ${config.appUrl}/reset_password if you forgot yours.\n\nIf it was not you, ignore this message.`,
      });
    });
    return;
  }
  if (existing) return; // a login of no company (never the case today): nothing to tell it
  const passwordHash = await hashPassword(input.password);
  const unitCtx: UnitContext = { db };
  await inTransaction(unitCtx, async (trx, tctx) => {
    const created = await createCompany(trx, { name: input.company_name, currency_code: input.currency_code, company_date_format: input.company_date_format },
      { email: input.email, name: input.name, passwordHash, confirmationPending: true });
    const actor: Actor = { company: created.company as Ctx["company"], user: { id: created.userId } as Ctx["user"], unit: tctx.unit };
    await sendConfirmation(trx, actor, { id: created.userId, email: input.email });
    await identityActivity(trx, created.company.id, { type: "users", id: created.userId }, created.userId, { signed_up: input.company_name });
  });
}

/** Use a confirmation link: the address is confirmed, the link revoked; the e-mail confirmed. */
export async function confirmAddress(db: DB, token: string): Promise<{ email: string } | { refused: LinkRefusal }> {
  const link = await resolveLink(db, token, "confirmation");
  if ("refused" in link) return link;
  return actingFor(db, link.companyId, link.record.id, async (trx) => {
    if (!(await spendLink(trx, token))) return { refused: "revoked" as const };
    const user = await trx.updateTable("users").set({ confirmation_pending: false, updated_at: new Date() })
      .where("id", "=", link.record.id).returning("email").executeTakeFirstOrThrow();
    await identityActivity(trx, link.companyId, { type: "users", id: link.record.id }, link.record.id, { email: "confirmed" });
    return { email: user.email };
  });
}
