/**
 * The rules of a company's single sign-on settings: what each protocol needs, a staff default role
 * no higher than the giver's own (just-in-time users get it), the domain in lower case.
 */
import ssoSettings from "../../../../resources/sso_settings.js";
import { portalRoles } from "../../../framework/roles.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { defineServerModule } from "../../resources/modules.js";
import { checkWithinOwn, isRole, roleMessage } from "./users.js";

const needs: Record<string, readonly string[]> = { OIDC: ["client_id", "client_secret"], SAML: ["sso_url", "idp_certificate"] };

function check(data: Row, existing: Row | undefined, ctx: Ctx): void {
  if (typeof data.email_domain === "string") data.email_domain = data.email_domain.trim().toLowerCase();
  // the secret is never shown, so an edit form sends it empty: empty keeps the stored one
  if (existing && (data.client_secret === null || data.client_secret === "")) delete data.client_secret;
  const merged = { ...existing, ...data };
  const errors: FieldErrors = {};
  for (const field of needs[String(merged.protocol)] ?? []) {
    // a stored secret is never sent back: an edit that leaves it out keeps it
    const present = field in data ? data[field] : existing?.[field];
    if (typeof present !== "string" || present.trim() === "") errors[field] = [`is required for ${String(merged.protocol)}`];
  }
  if ("default_role" in data && (!isRole(data.default_role) || portalRoles.includes(String(data.default_role)))) errors.default_role = [roleMessage];
  if (merged.protocol === "OIDC" && typeof merged.issuer === "string" && !/^https?:\/\/\S+$/.test(merged.issuer)) errors.issuer = ["must be the provider's issuer URL"];
  if (Object.keys(errors).length) throw unprocessable(errors);
  if ("default_role" in data) checkWithinOwn(data.default_role, ctx, "give");
}

export default defineServerModule(ssoSettings, {
  hooks: {
    beforeCreate: (data, ctx) => check(data, undefined, ctx),
    beforeUpdate: (data, existing, ctx) => check(data, existing, ctx),
  },
});
