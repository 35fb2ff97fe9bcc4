/**
 * Invoice requests: the token that opens the vendor's submission link, the two row actions of
 * data-spec 6 each checked against its own keys, and sending (needs an active token).
 */
import crypto from "node:crypto";
import { can } from "../../../framework/permissions.js";
import { tokenToggleKeys } from "../../../../resources/invoice_requests.js";
import { forbidden, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";

export const newToken = () => crypto.randomBytes(24).toString("base64url");

function send(data: Row, hasToken: unknown): void {
  if (hasToken !== "ACTIVE") throw unprocessable({ base: ["An invoice request can only be sent with an active token."] });
  data.sent_date = new Date();
}

function requireKeys(ctx: Ctx, keys: readonly string[]): void {
  if (!can(ctx.principal, keys)) throw forbidden();
}

export const invoiceRequestHooks: ResourceHooks = {
  beforeCreate(data) {
    data.has_token ??= "ACTIVE";
    data.status ??= "NEW";
    if (!["NEW", "SENT"].includes(String(data.status))) throw unprocessable({ status: ["must be NEW or SENT for a new request"] });
    data.token = data.has_token === "ACTIVE" ? newToken() : null;
    if (data.status === "SENT") send(data, data.has_token);
  },

  beforeUpdate(data, existing, ctx) {
    if (data.has_token !== undefined && data.has_token !== existing.has_token) {
      requireKeys(ctx, tokenToggleKeys);
      // re-activating issues a new link; deactivating revokes the old one
      data.token = data.has_token === "ACTIVE" ? newToken() : null;
    }
    // the declared send transition (resources/invoice_requests.ts) is the one status move a user makes
    if (data.status === "SENT") send(data, data.has_token ?? existing.has_token);
  },
};
