/**
 * A company's single sign-on (src/server/domain/identity/sso.ts): people whose e-mail address is in
 * `email_domain` sign in through the company's provider, OIDC (issuer, client id and secret) or SAML
 * 2.0 (the provider's sign-on URL, entity id and signing certificate). A domain belongs to one company.
 */
export const ssoProtocols = ["OIDC", "SAML"] as const;

export const ssoSettingSchema = {
  type: "object",
  additionalProperties: false,
  required: ["protocol", "email_domain", "issuer", "default_role"],
  properties: {
    protocol: { type: "string", enum: ssoProtocols, default: "OIDC" },
    email_domain: { type: "string", minLength: 3, maxLength: 253, pattern: "^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$", "x-unique": true },
    /** OIDC: the issuer URL (discovery at /.well-known/openid-configuration); SAML: the provider's entity id */
    issuer: { type: "string", minLength: 1, maxLength: 500 },
    /** OIDC: the client id; SAML: Outlay's entity id at the provider (the audience) */
    client_id: { type: ["string", "null"], maxLength: 500 },
    client_secret: { type: ["string", "null"], maxLength: 500, writeOnly: true },
    /** SAML: where the provider takes sign-in requests */
    sso_url: { type: ["string", "null"], pattern: "^https?://\\S+$", maxLength: 1000 },
    /** SAML: the provider's signing certificate (PEM or base64) */
    idp_certificate: { type: ["string", "null"], maxLength: 20000 },
    /** sign-in of an unknown address of the domain creates its user (just in time), with `default_role` */
    jit_enabled: { type: "boolean", default: true },
    default_role: { type: "string", default: "staff" },
    /** the company's users cannot sign in with a password */
    enforced: { type: "boolean", default: false },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
  },
} as const;
