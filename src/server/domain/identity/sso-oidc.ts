/**
 * OpenID Connect sign-on with openid-client: the authorization code flow with PKCE (S256), state
 * and nonce. The browser keeps the code verifier and nonce (sessionStorage) between the start and
 * the callback, so a stolen callback URL alone redeems nothing; the state is a one-use link
 * (sso.ts) naming the company's setting. Discovery is cached per setting for ten minutes.
 * A provider at http:// is accepted only on this machine (localhost), for development and tests.
 */
import * as client from "openid-client";
import type { DB } from "../../db/connect.js";
import { settingOfState, signInExternal, SsoFailure, startState, type SsoSetting } from "./sso.js";
import { issueTokens, type SsoSession, type TokenPair } from "./tokens.js";
import { systemDb } from "../../db/row-security.js";

const discoverySeconds = 10 * 60;
const discovered = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

const isLocal = (url: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

function configurationOf(setting: SsoSetting): Promise<client.Configuration> {
  const key = `${setting.id}:${new Date(setting.updated_at).getTime()}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < discoverySeconds * 1000) return cached.configuration;
  let issuer: URL;
  try {
    issuer = new URL(setting.issuer);
  } catch {
    return Promise.reject(new SsoFailure("Not set up", "The single sign-on issuer of your company is not a URL. Ask an administrator."));
  }
  const execute = issuer.protocol === "http:" && isLocal(issuer) ? [client.allowInsecureRequests] : [];
  const configuration = client.discovery(issuer, setting.client_id ?? "", setting.client_secret ?? undefined, undefined, { execute, timeout: 10 });
  discovered.set(key, { at: Date.now(), configuration });
  configuration.catch(() => discovered.delete(key));
  return configuration;
}

/** Where the provider sends the browser back (the spec's /login/callback). */
export const oidcRedirectUri = (origin: string) => `${origin}/login/callback`;

/** Start: the provider's authorization URL, and what the browser keeps until the callback. */
export async function startOidc(db: DB, setting: SsoSetting, origin: string, email: string) {
  const configuration = await configurationOf(setting).catch((error: unknown) => {
    throw error instanceof SsoFailure ? error : new SsoFailure("Provider unreachable", "Your company's sign-on provider did not answer. Please try again later.");
  });
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = await startState(db, setting);
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(origin), scope: "openid profile email", state, nonce, login_hint: email,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: "S256",
  });
  return { url: url.href, state, code_verifier: codeVerifier, nonce };
}

/** The callback: the code redeemed with the verifier, the ID token checked, the person signed in. */
export async function completeOidc(db: DB, callbackUrl: URL, codeVerifier: string, nonce: string): Promise<TokenPair> {
  const state = callbackUrl.searchParams.get("state") ?? "";
  const setting = await settingOfState(db, state);
  if (setting.protocol !== "OIDC") throw new SsoFailure("Sign-in expired", "This sign-in was not started here. Please start again.");
  const providerError = callbackUrl.searchParams.get("error");
  if (providerError) throw new SsoFailure("Sign-in refused by your provider", callbackUrl.searchParams.get("error_description") ?? providerError);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(await configurationOf(setting), callbackUrl,
      { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
  } catch (error) {
    throw new SsoFailure("Sign-in could not be verified", error instanceof Error ? error.message : "The provider's answer was not valid.");
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new SsoFailure("Sign-in could not be verified", "The provider sent no ID token.");
  // providers may keep the e-mail out of the ID token: then it comes from userinfo, for the same subject
  const claims = typeof idClaims.email === "string" ? idClaims
    : await client.fetchUserInfo(await configurationOf(setting), tokens.access_token, idClaims.sub).catch(() => idClaims);
  if (typeof claims.email !== "string" || claims.email_verified === false) {
    throw new SsoFailure("Address not verified", "Your provider did not vouch for an e-mail address of this account.");
  }
  const identity = { externalId: idClaims.sub, email: claims.email, name: typeof claims.name === "string" ? claims.name : undefined };
  return signInExternal(db, setting, identity, (trx, _actor, userId) =>
    issueTokens(trx, userId, undefined, { sso_setting_id: setting.id, id_token: tokens.id_token ?? null }));
}

/** The provider's logout URL for a session it signed in, when it has one (RP-initiated logout). */
async function oidcLogoutUrl(setting: SsoSetting, idToken: string | null, origin: string): Promise<string | undefined> {
  try {
    const configuration = await configurationOf(setting);
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, { ...(idToken ? { id_token_hint: idToken } : {}), post_logout_redirect_uri: `${origin}/login` }).href;
  } catch {
    return undefined;
  }
}

/** Where the browser ends a single sign-on session at its provider, if anywhere (OIDC RP-initiated logout). */
export async function providerLogoutUrl(db: DB, session: SsoSession, origin: string): Promise<string | undefined> {
  const setting = await systemDb(db).selectFrom("sso_settings").selectAll().where("id", "=", session.sso_setting_id ?? 0).executeTakeFirst();
  return setting?.protocol === "OIDC" ? oidcLogoutUrl(setting, session.id_token, origin) : undefined;
}
