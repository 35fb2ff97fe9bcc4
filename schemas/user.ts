export const userSchema = {
  type: "object",
  additionalProperties: false,
  required: ["email", "name"],
  properties: {
    email: { type: "string", format: "email", maxLength: 254, "x-unique": true },
    name: { type: "string", minLength: 1, maxLength: 200 },
    password_hash: { type: "string", writeOnly: true },
    failed_attempts: { type: "integer", default: 0 },
    locked_at: { type: ["string", "null"], format: "date-time" },
    date_accepted_term: { type: ["string", "null"], format: "date-time" },
    version_accepted_term: { type: ["integer", "null"] },
    /** the external id of the single sign-on provider (OIDC `sub`, SAML NameID) this login last signed in with */
    okta_id: { type: ["string", "null"] },
    /** signed up and not yet confirmed by the e-mailed link: the password does not sign in yet */
    confirmation_pending: { type: "boolean", default: false },
    current_company_id: { type: ["integer", "null"], "x-references": "companies" },
  },
} as const;
