/**
 * SAML 2.0 sign-on with @node-saml/node-saml, SP-initiated: the browser goes to the provider's
 * sign-on URL with the state as RelayState; the provider posts its response to
 * /api/sso/saml/acs. The assertion must be signed by the certificate in the company's setting, be
 * for Outlay's entity id (the audience), from the provider's entity id (issuer), and be current.
 * Outlay's entity id is the setting's client id, else the metadata URL of the setting.
 */
import { SAML, type Profile } from "@node-saml/node-saml";
import type { DB } from "../../db/connect.js";
import { issueGrant, settingOfState, signInExternal, SsoFailure, startState, type SsoSetting } from "./sso.js";

export const samlAcsPath = "/api/sso/saml/acs";
export const samlMetadataPath = (settingId: number) => `/api/sso/saml/metadata/${settingId}`;

const emailAttributes = ["email", "mail", "urn:oid:0.9.2342.19200300.100.1.3", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"];

function samlOf(setting: SsoSetting, origin: string): SAML {
  if (!setting.idp_certificate || !setting.sso_url) throw new SsoFailure("Not set up", "The SAML sign-on of your company lacks the provider's URL or certificate. Ask an administrator.");
  const entityId = setting.client_id || `${origin}${samlMetadataPath(setting.id)}`;
  return new SAML({
    entryPoint: setting.sso_url, idpCert: setting.idp_certificate, idpIssuer: setting.issuer,
    issuer: entityId, audience: entityId, callbackUrl: `${origin}${samlAcsPath}`,
    wantAssertionsSigned: true, wantAuthnResponseSigned: false, acceptedClockSkewMs: 60_000,
  });
}

/** Outlay's service-provider metadata for the provider's administrator. */
export const samlMetadata = (setting: SsoSetting, origin: string) => samlOf(setting, origin).generateServiceProviderMetadata(null);

export async function startSaml(db: DB, setting: SsoSetting, origin: string) {
  const saml = samlOf(setting, origin);
  const state = await startState(db, setting);
  return { url: await saml.getAuthorizeUrlAsync(state, undefined, {}), state };
}

function emailOf(profile: Profile): string {
  for (const name of emailAttributes) {
    const value = profile[name];
    if (typeof value === "string" && value.includes("@")) return value;
  }
  return profile.nameID?.includes("@") ? profile.nameID : "";
}

/** The provider's POST: the response verified, the person signed in; the grant the browser exchanges for tokens. */
export async function completeSaml(db: DB, form: { SAMLResponse?: string; RelayState?: string }, origin: string): Promise<string> {
  const setting = await settingOfState(db, form.RelayState ?? "");
  if (setting.protocol !== "SAML") throw new SsoFailure("Sign-in expired", "This sign-in was not started here. Please start again.");
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(setting, origin).validatePostResponseAsync({ SAMLResponse: form.SAMLResponse ?? "" }));
  } catch (error) {
    throw new SsoFailure("Sign-in could not be verified", error instanceof Error ? error.message : "The provider's response was not valid.");
  }
  if (!profile) throw new SsoFailure("Sign-in could not be verified", "The provider's response holds no assertion.");
  const name = [profile.givenName, profile.surname].filter((part) => typeof part === "string").join(" ") || (typeof profile.displayName === "string" ? profile.displayName : undefined);
  return signInExternal(db, setting, { externalId: profile.nameID, email: emailOf(profile), name }, issueGrant);
}
