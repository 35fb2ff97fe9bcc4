/**
 * Sending an accrual request to its vendor — the one path for a blast's requests and a request made on
 * its own: a fresh private link (purpose accrual_request, /private/{token}/accruals; earlier links of
 * the request revoked, so a resend reissues it) and the e-mail carrying it, queued in the caller's
 * transaction. The plaintext token lives only in the e-mail: the request's `token` column stays empty
 * (outbound_links keeps its hash).
 */
import { sql } from "kysely";
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { issueLink, portalPage, revokeLinks } from "../../links/links.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";

export const accrualLinkSeconds = 30 * 24 * 3600;
export const accrualRequestRecord = (id: number) => ({ type: "AccrualRequest", id });

/** vendor id → the address an accrual request goes to: its ACCRUAL_REQUEST contact, else its PRIMARY one. */
export async function accrualRequestEmails(trx: DB, companyId: number, vendorIds: readonly number[]): Promise<Map<number, string>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await trx.selectFrom("contacts").select(["vendor_id", "email"])
    .where("company_id", "=", companyId).where("vendor_id", "in", [...vendorIds]).where("contact_type", "=", "VENDOR")
    .where("email", "is not", null).where("email", "<>", "")
    .where(sql<boolean>`('ACCRUAL_REQUEST' = any(vendor_roles) or 'PRIMARY' = any(vendor_roles))`)
    .orderBy(sql`case when 'ACCRUAL_REQUEST' = any(vendor_roles) then 0 else 1 end`).orderBy("id").execute();
  const emails = new Map<number, string>();
  for (const row of rows) if (!emails.has(row.vendor_id as number)) emails.set(row.vendor_id as number, String(row.email));
  return emails;
}

const period = (request: Row) =>
  request.start_date && request.end_date ? `${String(request.start_date)} to ${String(request.end_date)}` : String(request.service_date ?? "the current period");

/**
 * Send (or resend) `request` to `to`: a new link, the e-mail, status SENT; its message_status is
 * "not sent" until a mail server takes the mail (mail/deliver.ts), "opened" once the vendor opens the link.
 */
export async function sendAccrualRequest(trx: DB, ctx: Ctx, request: Row, to: string, vendorName: string): Promise<void> {
  const id = request.id as number;
  await revokeLinks(trx, ctx.company.id, accrualRequestRecord(id), "accrual_request");
  const token = await issueLink(trx, ctx, { purpose: "accrual_request", record: accrualRequestRecord(id), expiresIn: accrualLinkSeconds });
  queueMail(ctx, {
    to, related: accrualRequestRecord(id),
    subject: `Accrual request ${String(request.number)} from ${ctx.company.name}`,
    text: [
      `Dear ${vendorName},`,
      "",
      `${ctx.company.name} asks for your accrual for ${period(request)}: the amount of goods or services delivered but not yet invoiced.`,
      "",
      `Answer here, no account needed: ${config.appUrl}/private/${token}/accruals`,
      `With a vendor portal login you can also answer at ${config.appUrl}${portalPage(`submit_accrual/${id}`, ctx.company.id)}`,
      "",
      "If nothing is owed for the period, choose \"No accrual needed\" on either page.",
      "",
      ctx.company.name,
    ].join("\n"),
  });
  await trx.updateTable("accrual_requests").set({ status: "SENT", message_status: "not sent", updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", id).execute();
}

/** The e-mail address and name of one vendor for a request on its own; 422 when the vendor has no address. */
export async function recipientOf(trx: DB, ctx: Ctx, vendorId: number): Promise<{ to: string | undefined; name: string }> {
  const vendor = await trx.selectFrom("vendors").select("name").where("company_id", "=", ctx.company.id).where("id", "=", vendorId).executeTakeFirstOrThrow();
  return { to: (await accrualRequestEmails(trx, ctx.company.id, [vendorId])).get(vendorId), name: String(vendor.name) };
}
