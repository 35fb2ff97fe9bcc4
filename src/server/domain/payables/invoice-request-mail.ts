/**
 * Sending an invoice request: an e-mail to the vendor's contact with an outbound link (purpose
 * `invoice_request`, src/server/links) to /link/invoice_request/{token}, which leads, once signed in,
 * to the portal's /vendor_portal/submit_invoice/{requestID}. All inside the write's transaction, so
 * a link and its mail exist exactly when the request is saved as SENT.
 *
 * A contact without a login yet gets one in the same step (no password, the contact INVITED with the
 * `vendor` role) and the same e-mail carries its invitation: the /set_password link, whose `next`
 * brings the new user to the submit page after choosing a password (password-links.ts).
 */
import { sql } from "kysely";
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import { issueLink, portalPage, revokeLinks, type LinkRecord } from "../../links/links.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";
import { issueInvitation } from "../identity/password-links.js";

export const invoiceRequestLinkSeconds = 30 * 24 * 3600;

const recordOf = (id: number): LinkRecord => ({ type: "InvoiceRequest", id });
/** The portal's submit page of request `id`, in its company (the shell switches a login of several companies to it) */
export const submitPath = (id: number, companyId: number) => portalPage(`submit_invoice/${id}`, companyId);

interface Recipient {
  id: number;
  email: string;
  status: string;
  user_id: number | null;
  first_name: string;
}

/**
 * Whom the request goes to: its contact, else the vendor's contact with the INVOICE_REQUEST role,
 * else its PRIMARY contact — an active or invited contact of that vendor with an e-mail address.
 */
async function recipientOf(trx: DB, ctx: Ctx, request: Row): Promise<Recipient> {
  const contacts = trx.selectFrom("contacts").select(["id", "email", "status", "user_id", "first_name"])
    .where("company_id", "=", ctx.company.id).where("vendor_id", "=", request.vendor_id as number).where("contact_type", "=", "VENDOR");
  if (request.contact_id != null) {
    const own = await contacts.where("id", "=", request.contact_id as number).executeTakeFirst();
    if (!own) throw unprocessable({ contact_id: ["is not a contact of this vendor"] });
    if (!own.email) throw unprocessable({ contact_id: ["has no e-mail address to send the request to"] });
    if (own.status === "INACTIVE") throw unprocessable({ contact_id: ["is inactive"] });
    return own as Recipient;
  }
  const chosen = await contacts.where("email", "is not", null).where("status", "<>", "INACTIVE")
    .orderBy(sql`case when 'INVOICE_REQUEST' = any(vendor_roles) then 0 when 'PRIMARY' = any(vendor_roles) then 1 else 2 end`)
    .orderBy("id").executeTakeFirst();
  if (!chosen) throw unprocessable({ contact_id: ["the vendor has no contact with an e-mail address: choose or add one"] });
  return chosen as Recipient;
}

/**
 * A contact that cannot sign in yet gets its login now: found by e-mail or created without a
 * password; the contact becomes INVITED with the vendor role. Returns the invitation due, if any:
 * "password" for a login without one, "accept" for a login that signs in elsewhere already.
 */
async function ensurePortalLogin(trx: DB, ctx: Ctx, contact: Recipient): Promise<"password" | "accept" | null> {
  let userId = contact.user_id;
  if (userId === null) {
    const email = contact.email.trim().toLowerCase();
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    userId = (existing ?? (await trx.insertInto("users").values({ email, name: contact.first_name, current_company_id: ctx.company.id }).returning("id").executeTakeFirstOrThrow())).id;
    const member = await trx.selectFrom("contacts").select("id").where("company_id", "=", ctx.company.id).where("user_id", "=", userId).executeTakeFirst();
    if (member) throw unprocessable({ contact_id: [`${email} already signs in to this company as another contact`] });
    await trx.updateTable("contacts").set({ user_id: userId, role: "vendor", status: "INVITED", updated_at: new Date() }).where("id", "=", contact.id).execute();
  } else if (contact.status !== "INVITED") return null;
  const login = await trx.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  return login.password_hash ? "accept" : "password";
}

const invitationText = {
  password: "You do not have an Outlay password yet. Choose one here first (valid for 7 days); you will then be taken to the request:",
  accept: "You already sign in to Outlay. Accept the invitation here first (valid for 7 days); you will then be taken to the request:",
};

/** Send (or send again) request `request` (a saved row): earlier links revoked, a new one mailed. */
export async function sendInvoiceRequest(trx: DB, ctx: Ctx, request: Row): Promise<void> {
  const id = request.id as number;
  const contact = await recipientOf(trx, ctx, request);
  const invite = await ensurePortalLogin(trx, ctx, contact);
  await revokeLinks(trx, ctx.company.id, recordOf(id), "invoice_request");
  const token = await issueLink(trx, ctx, { purpose: "invoice_request", record: recordOf(id), expiresIn: invoiceRequestLinkSeconds });
  const link = `${config.appUrl}/link/invoice_request/${token}`;
  const vendor = await trx.selectFrom("vendors").select("name").where("id", "=", request.vendor_id as number).executeTakeFirstOrThrow();
  const parts = [
    `${ctx.company.name} asks ${vendor.name} for an invoice (request ${id}).`,
    request.message ? String(request.message) : "",
    invite ? `${invitationText[invite]}\n\n${await issueInvitation(trx, ctx, contact.id, submitPath(id, ctx.company.id))}` : "",
    `Submit your invoice (a PDF, its number, date and amount) through this link (valid for 30 days):\n\n${link}`,
    ctx.company.name,
  ];
  queueMail(ctx, {
    to: contact.email, subject: `${ctx.company.name} asks for your invoice`, related: { type: "InvoiceRequest", id },
    text: parts.filter(Boolean).join("\n\n"),
  });
  if (request.contact_id == null) await trx.updateTable("invoice_requests").set({ contact_id: contact.id }).where("id", "=", id).execute();
}

/** The purchaser switched the link off: every live link of the request stops working. */
export async function revokeInvoiceRequestLinks(trx: DB, ctx: Ctx, id: number): Promise<void> {
  await revokeLinks(trx, ctx.company.id, recordOf(id), "invoice_request");
}
