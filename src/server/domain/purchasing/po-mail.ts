/**
 * An approved purchase order goes to its vendor (issue 14): an e-mail to each of the vendor's PRIMARY
 * contacts with an e-mail address (not INACTIVE), else to the vendor's own address, carrying the order
 * as a PDF (po-pdf.ts) and the link to it in the vendor portal. Queued in the approving transaction
 * (the outbox, src/server/mail/) with its delivery job: tried once the approval commits, retried by the
 * job while SMTP fails (the approval never fails for it), and a rolled-back approval sends nothing. A vendor without any address gets no mail (the approval stands).
 * An order approved again after a change (reapproval) is sent again, as revised.
 */
import { sql } from "kysely";
import { formatMoney } from "../../../framework/money.js";
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { portalPage } from "../../links/links.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";
import { orderDocument, pdfName, purchaseOrderPdf } from "./po-pdf.js";

/** The order's page in the vendor portal, in its company (the portal switches a login of several companies to it). */
export const portalOrderPath = (id: number, companyId: number) => portalPage(`purchase_orders/${id}`, companyId);

async function recipients(trx: DB, ctx: Ctx, vendorId: number, vendorEmail: string | null): Promise<string[]> {
  const primary = await trx.selectFrom("contacts").select("email").where("company_id", "=", ctx.company.id).where("vendor_id", "=", vendorId)
    .where("contact_type", "=", "VENDOR").where("email", "is not", null).where("status", "<>", "INACTIVE")
    .where(sql<boolean>`'PRIMARY' = any(vendor_roles)`).orderBy("id").execute();
  const emails = primary.map((c) => String(c.email));
  return emails.length ? [...new Set(emails)] : vendorEmail ? [vendorEmail] : [];
}

export async function mailApprovedOrder(trx: DB, ctx: Ctx, record: Row): Promise<void> {
  const document = await orderDocument(trx, ctx, record.id as number);
  const { order, vendor } = document;
  const to = await recipients(trx, ctx, order.vendor_id as number, vendor.email);
  if (to.length === 0) return;
  // these addresses had the order before: it was approved again after a change
  const revised = await trx.selectFrom("mail_messages").select("id").where("company_id", "=", ctx.company.id)
    .where("related_type", "=", "PurchaseOrder").where("related_id", "=", order.id as number).where("to", "in", to).executeTakeFirst();
  const number = String(order.number);
  const pdf = purchaseOrderPdf(ctx, document);
  const text = [
    `Dear ${vendor.name},`,
    `${ctx.company.name} ${revised ? "has revised" : "sends you"} purchase order ${number} of ${formatMoney(String(order.amount), String(order.currency_code))}. The order is attached as a PDF.`,
    `See it, and acknowledge it, in the vendor portal:\n\n${config.appUrl}${portalOrderPath(order.id as number, ctx.company.id)}`,
    ctx.company.name,
  ].join("\n\n");
  for (const address of to) {
    queueMail(ctx, {
      to: address, subject: `${revised ? "Revised purchase order" : "Purchase order"} ${number} from ${ctx.company.name}`, text,
      attachments: [{ filename: pdfName(order), content: pdf, contentType: "application/pdf" }], related: { type: "PurchaseOrder", id: order.id as number },
    });
  }
}
