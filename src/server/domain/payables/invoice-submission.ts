/**
 * The vendor's answer to an invoice request (portal action `submit_invoice` of invoice_requests):
 * in the action's one transaction, the invoice is created through the invoices resource (its hooks:
 * amount, duplicate number for the vendor, balances, PO matching, audit) as NEW with submitter
 * VENDOR, so that it lands in the purchaser's /invoices_new_inbox; the PDF becomes its document;
 * the request becomes SUBMITTED with its invoice, and its links stop working.
 */
import dayjs from "dayjs";
import invoices from "../../../../resources/invoices.js";
import purchaseOrders from "../../../../resources/purchase_orders.js";
import { unprocessable } from "../../errors.js";
import { findRow } from "../../resources/query.js";
import { createRow } from "../../resources/write.js";
import type { PortalActionCall } from "../../resources/modules.js";
import { attachUpload } from "../admin/uploads.js";
import { revokeInvoiceRequestLinks } from "./invoice-request-mail.js";

/** The due date the vendor's payment terms give an invoice of `date` ("NET 30": 30 days; "Due on Receipt", "Due Now": the date). */
export function dueDateOf(date: string, termCode: string | null): string {
  const days = /^NET (\d+)$/.exec(termCode ?? "")?.[1];
  return dayjs(date).add(days ? Number(days) : 0, "day").format("YYYY-MM-DD");
}

/** The handler of invoice_requests' portal action submit_invoice (its `when`: an open request whose link is active; its file: one PDF). */
export async function submitInvoice({ row, input, file, ctx }: PortalActionCall): Promise<void> {
  const trx = ctx.db;
  const request = await trx.selectFrom("invoice_requests").select(["id", "vendor_id"])
    .where("id", "=", row!.id as number).executeTakeFirstOrThrow();
  const orderId = input.purchase_order_id ?? null;
  // only an order the portal shows the vendor: a draft is the purchaser's and does not exist for them
  if (orderId !== null && !(await findRow(purchaseOrders, orderId, ctx))) {
    throw unprocessable({ purchase_order_id: ["is not one of your purchase orders with this purchaser"] });
  }
  const vendor = await trx.selectFrom("vendors").select(["currency_code", "term_code"]).where("id", "=", request.vendor_id).executeTakeFirstOrThrow();
  const date = String(input.date);
  const invoice = await createRow(invoices, {
    number: String(input.number).trim(), date, due_date: dueDateOf(date, vendor.term_code), amount: input.amount,
    currency_code: vendor.currency_code ?? ctx.company.currency_code, term_code: vendor.term_code, vendor_id: request.vendor_id,
    purchase_order_ids: orderId === null ? [] : [orderId], description: input.description ?? null, status: "NEW", submitter_type: "VENDOR",
  }, ctx);
  await attachUpload(trx, ctx, file!, { type: "Invoice", id: invoice.id as number });
  await trx.updateTable("invoice_requests").set({ status: "SUBMITTED", invoice_id: invoice.id as number, updated_at: new Date() })
    .where("id", "=", request.id).execute();
  await revokeInvoiceRequestLinks(trx, ctx, request.id);
}
