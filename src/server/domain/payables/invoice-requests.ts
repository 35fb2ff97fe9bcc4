/**
 * Invoice requests: the two row actions of data-spec 6, each checked against its own keys, and
 * sending. Sending (create as SENT, the `send` action, or re-activating the link of a sent request)
 * e-mails the vendor's contact a new outbound link and revokes the earlier ones
 * (invoice-request-mail.ts); switching the token INACTIVE revokes the link. The plaintext `token`
 * column is no longer written: only the link's hash is stored (outbound_links).
 */
import { can } from "../../../framework/permissions.js";
import { tokenToggleKeys } from "../../../../resources/invoice_requests.js";
import { forbidden, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { revokeInvoiceRequestLinks, sendInvoiceRequest } from "./invoice-request-mail.js";

/** The writes (by their transaction's ctx) that send the request once it is saved (afterWrite). */
const sending = new WeakSet<Ctx>();

function send(data: Row, hasToken: unknown, ctx: Ctx): void {
  if (hasToken !== "ACTIVE") throw unprocessable({ base: ["An invoice request can only be sent with an active token."] });
  data.sent_date = new Date();
  sending.add(ctx);
}

function requireKeys(ctx: Ctx, keys: readonly string[]): void {
  if (!can(ctx.principal, keys)) throw forbidden();
}

export const invoiceRequestHooks: ResourceHooks = {
  beforeCreate(data, ctx) {
    data.has_token ??= "ACTIVE";
    data.status ??= "NEW";
    if (!["NEW", "SENT"].includes(String(data.status))) throw unprocessable({ status: ["must be NEW or SENT for a new request"] });
    if (data.status === "SENT") send(data, data.has_token, ctx);
  },

  async beforeUpdate(data, existing, ctx, trx) {
    if (data.has_token !== undefined && data.has_token !== existing.has_token) {
      requireKeys(ctx, tokenToggleKeys);
      if (existing.status === "SUBMITTED") throw unprocessable({ has_token: ["cannot change: the invoice has been submitted"] });
      // deactivating revokes the link; re-activating a sent request's mails a new one
      if (data.has_token === "INACTIVE") await revokeInvoiceRequestLinks(trx, ctx, existing.id as number);
      else if (existing.status === "SENT" && data.status === undefined) send(data, "ACTIVE", ctx);
    }
    // the declared send transition (resources/invoice_requests.ts) is the one status move a user makes
    if (data.status === "SENT") send(data, data.has_token ?? existing.has_token, ctx);
  },

  async afterWrite(row, ctx, trx) {
    if (sending.delete(ctx)) await sendInvoiceRequest(trx, ctx, row);
  },
};
