/**
 * Single sign-on (domain/identity/sso*.ts) against a real OpenID Connect provider started here
 * (oidc-provider) and SAML responses signed with a test key: a person of the company's domain
 * signs in and is created just in time with the default role; other domains, replays, tampered
 * assertions, a stolen callback without its verifier, and passwords under enforced SSO are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../src/server/config.js";
import { startOidcProvider, type TestProvider } from "../support/oidc-provider.js";
import { samlIdpIssuer, samlTestCertificate, signedSamlResponse, tamperedSamlResponse } from "../support/saml-idp.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import { useApp } from "./harness.js";

const h = useApp();
const appUrl = "http://outlay.test";
let provider: TestProvider;
let savedAppUrl: string;

beforeAll(async () => {
  savedAppUrl = config.appUrl;
  config.appUrl = appUrl;
  provider = await startOidcProvider([`${appUrl}/login/callback`]);
});
afterAll(async () => {
  config.appUrl = savedAppUrl;
  await provider.close();
});

const admin = () => h.login("admin@acme.test");
const createSetting = async (payload: object) =>
  h.app.inject({ method: "POST", url: "/api/sso_settings", headers: await admin(), payload });
const oidcSetting = (extra: object = {}) => createSetting({
  protocol: "OIDC", email_domain: "sso.acme.test", issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret,
  default_role: "staff", jit_enabled: true, ...extra,
});
const start = (email: string) => h.app.inject({ url: `/api/sso/start?email=${encodeURIComponent(email)}` });
const callback = (payload: object) => h.app.inject({ method: "POST", url: "/api/sso/callback", payload });
const me = (accessToken: string) => h.app.inject({ url: "/api/users/current", headers: { authorization: `Bearer ${accessToken}` } });

/** Sign in at the provider's development page as `login`, following its redirects; the URL it sends the browser back to. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as object), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await go(url);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(`${appUrl}/`)) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${page.slice(0, 300)}`);
    const posted = await go(new URL(action, url).href, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login, password: "any" }).toString(),
    });
    url = new URL(posted.headers.get("location") ?? url, url).href;
  }
  throw new Error("the provider never sent the browser back");
}

/** A whole OIDC sign-in as the browser does it: start, the provider, the callback. */
async function oidcSignIn(startEmail: string, loginAtProvider = startEmail) {
  const started = await start(startEmail);
  expect(started.statusCode, started.body).toBe(200);
  const { url, code_verifier, nonce } = started.json().data as { url: string; code_verifier: string; nonce: string };
  const back = await signInAtProvider(url, loginAtProvider);
  return { back, code_verifier, nonce, answer: await callback({ url: back.href, code_verifier, nonce }) };
}

describe("single sign-on settings", () => {
  it("need what the protocol needs, never show the secret, and give no role above the giver's", async () => {
    const missing = await createSetting({ protocol: "OIDC", email_domain: "x.acme.test", issuer: provider.issuer, default_role: "staff" });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["client_id", "client_secret"]);
    const saml = await createSetting({ protocol: "SAML", email_domain: "x.acme.test", issuer: "idp", default_role: "staff" });
    expect(Object.keys(saml.json().errors).sort()).toEqual(["idp_certificate", "sso_url"]);
    expect((await oidcSetting({ email_domain: "y.acme.test", default_role: "vendor" })).statusCode).toBe(422);
    expect((await oidcSetting({ email_domain: "y.acme.test", default_role: "super_admin" })).statusCode).toBe(403);
    const staff = await h.app.inject({ method: "POST", url: "/api/sso_settings", headers: await h.login("staff@acme.test"), payload: { protocol: "OIDC", email_domain: "z.acme.test", issuer: provider.issuer, client_id: "a", client_secret: "b", default_role: "staff" } });
    expect(staff.statusCode).toBe(403);

    const created = await oidcSetting();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).not.toHaveProperty("client_secret");
    // a domain signs in through one company
    const taken = await h.app.inject({ method: "POST", url: "/api/sso_settings", headers: await h.login("admin@globex.test"), payload: { protocol: "OIDC", email_domain: "SSO.acme.test", issuer: provider.issuer, client_id: "a", client_secret: "b", default_role: "staff" } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email_domain).toEqual(["has already been taken"]);
  });

  it("are the company's own: another company's administrator, a vendor and a stranger cannot read or change them", async () => {
    const created = await oidcSetting({ email_domain: "own.acme.test" });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const url = `/api/sso_settings/${id}`;
    const globex = await h.login("admin@globex.test");
    expect((await h.app.inject({ url, headers: globex })).statusCode).toBe(404);
    expect((await h.app.inject({ method: "PATCH", url, headers: globex, payload: { enforced: true } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: "DELETE", url, headers: globex })).statusCode).toBe(404);
    expect((await h.app.inject({ url: "/api/sso_settings", headers: globex })).json().data.map((s: { id: number }) => s.id)).not.toContain(id);
    const vendor = await h.login("vendor@northwind.test");
    expect((await h.app.inject({ url, headers: vendor })).statusCode).toBe(403);
    expect((await h.app.inject({ method: "PATCH", url, headers: vendor, payload: { enforced: true } })).statusCode).toBe(403);
    expect((await h.app.inject({ url })).statusCode).toBe(401);
    expect((await h.app.inject({ method: "PATCH", url, payload: { enforced: true } })).statusCode).toBe(401);
    const after = await h.database.db.selectFrom("sso_settings").select("enforced").where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.enforced).toBe(false);
  });
});

describe("OpenID Connect", () => {
  it("signs in a person of the domain through the provider, created just in time with the default role", async () => {
    expect((await start("nobody@no-sso.test")).statusCode).toBe(422);
    const { answer } = await oidcSignIn("new.person@sso.acme.test");
    expect(answer.statusCode, answer.body).toBe(200);
    const user = await me(answer.json().access_token);
    expect(user.json().data).toMatchObject({ email: "new.person@sso.acme.test", role: "staff", okta_id: "new.person@sso.acme.test", company: { name: "Acme Corp" } });
    const events = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "users").where("item_id", "=", user.json().data.id).execute();
    expect(events.map((e) => (e.changes as { sign_in?: string }).sign_in)).toContain("succeeded by single sign-on");
    // the second time it is the same login
    const again = await oidcSignIn("new.person@sso.acme.test");
    expect((await me(again.answer.json().access_token)).json().data.id).toBe(user.json().data.id);
  });

  it("refuses an address of another domain the provider vouches for, with the failure texts", async () => {
    const { answer } = await oidcSignIn("someone@sso.acme.test", "intruder@elsewhere.test");
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: "Address not allowed", error_description: "intruder@elsewhere.test is not an address of sso.acme.test, so it cannot sign in here." });
    const created = await h.database.db.selectFrom("users").select("id").where("email", "=", "intruder@elsewhere.test").executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it("redeems a callback once, and never without the browser's verifier", async () => {
    const started = await start("verifier@sso.acme.test");
    const { url, code_verifier, nonce } = started.json().data as { url: string; code_verifier: string; nonce: string };
    const back = await signInAtProvider(url, "verifier@sso.acme.test");
    const stolen = await callback({ url: back.href, code_verifier: "x".repeat(43), nonce });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe("Sign-in could not be verified");
    // the state is spent by the first try: a replay with the right verifier is refused too
    const replay = await callback({ url: back.href, code_verifier, nonce });
    expect(replay.json().error).toBe("Sign-in expired");
    expect((await callback({ url: "not a url" })).statusCode).toBe(400);
  });

  it("without just-in-time creation, an unknown person is refused; a deactivated one too", async () => {
    const setting = await h.database.db.selectFrom("sso_settings").select("id").where("email_domain", "=", "sso.acme.test").executeTakeFirstOrThrow();
    // an edit form sends the never-shown secret empty: the stored one stays
    const off = await h.app.inject({ method: "PATCH", url: `/api/sso_settings/${setting.id}`, headers: await admin(), payload: { jit_enabled: false, client_secret: "" } });
    expect(off.statusCode, off.body).toBe(200);
    const { answer } = await oidcSignIn("late@sso.acme.test");
    expect(answer.json()).toMatchObject({ error: "No account", error_description: "There is no Outlay account for late@sso.acme.test in Acme Corp. Ask an administrator for an invitation." });
    await h.app.inject({ method: "PATCH", url: `/api/sso_settings/${setting.id}`, headers: await admin(), payload: { jit_enabled: true } });

    const contact = await h.database.db.selectFrom("contacts").select("id").where("email", "=", "new.person@sso.acme.test").executeTakeFirstOrThrow();
    const deactivated = await h.app.inject({ method: "POST", url: `/api/users/${contact.id}/deactivate`, headers: await admin() });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await oidcSignIn("new.person@sso.acme.test")).answer.json()).toMatchObject({ error: "Account deactivated" });
  });

  it("logs out at the provider too", async () => {
    const { answer } = await oidcSignIn("leaving@sso.acme.test");
    const revoked = await h.app.inject({ method: "POST", url: "/oauth/revoke", payload: { token: answer.json().access_token } });
    const logoutUrl = new URL(revoked.json().logout_url as string);
    expect(logoutUrl.origin).toBe(provider.issuer);
    expect(logoutUrl.searchParams.get("post_logout_redirect_uri")).toBe(`${appUrl}/login`);
    expect(logoutUrl.searchParams.get("id_token_hint")).toBeTruthy();
    expect((await me(answer.json().access_token)).statusCode).toBe(401);
  });
});

describe("SAML 2.0", () => {
  const acs = `${appUrl}/api/sso/saml/acs`;
  const audience = "https://outlay.test/saml";
  const post = (SAMLResponse: string, RelayState: string) => h.app.inject({
    method: "POST", url: "/api/sso/saml/acs", headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
  });
  const startSaml = async (email: string) => {
    const started = await start(email);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().data.url as string);
    expect(url.origin + url.pathname).toBe("https://idp.saml.test/sso");
    return url.searchParams.get("RelayState") ?? "";
  };

  it("signs in with a signed response, and refuses a tampered one with the failure texts", async () => {
    const created = await createSetting({
      protocol: "SAML", email_domain: "saml.acme.test", issuer: samlIdpIssuer, client_id: audience,
      sso_url: "https://idp.saml.test/sso", idp_certificate: samlTestCertificate, default_role: "ap_role",
    });
    expect(created.statusCode, created.body).toBe(201);

    const relay = await startSaml("ana.ruiz@saml.acme.test");
    const signed = signedSamlResponse({ email: "ana.ruiz@saml.acme.test", audience, recipient: acs, name: { given: "Ana", surname: "Ruiz" } });
    const answered = await post(signed, relay);
    expect(answered.statusCode).toBe(303);
    const back = new URL(answered.headers.location as string, appUrl);
    expect(back.pathname).toBe("/login/callback");
    const tokens = await callback({ grant: back.searchParams.get("grant") });
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect((await me(tokens.json().access_token)).json().data).toMatchObject({ email: "ana.ruiz@saml.acme.test", name: "Ana Ruiz", role: "ap_role" });
    // the grant is used once; the response cannot be replayed (its state is spent)
    expect((await callback({ grant: back.searchParams.get("grant") })).statusCode).toBe(400);
    const replayed = new URL((await post(signed, relay)).headers.location as string, appUrl);
    expect(replayed.searchParams.get("error")).toBe("Sign-in expired");

    const tampered = await post(tamperedSamlResponse({ email: "clerk@saml.acme.test", audience, recipient: acs }, "admin@saml.acme.test"), await startSaml("clerk@saml.acme.test"));
    expect(tampered.statusCode).toBe(303);
    const failed = new URL(tampered.headers.location as string, appUrl);
    expect(failed.pathname).toBe("/login/callback");
    expect(failed.searchParams.get("protocol")).toBe("saml");
    expect(failed.searchParams.get("error")).toBe("Sign-in could not be verified");
    expect(failed.searchParams.get("error_description")).toMatch(/signature/i);
    expect(await h.database.db.selectFrom("users").select("id").where("email", "=", "admin@saml.acme.test").executeTakeFirst()).toBeUndefined();

    // signed for another audience: refused
    const elsewhere = await post(signedSamlResponse({ email: "ana.ruiz@saml.acme.test", audience: "https://other.example/sp", recipient: acs }), await startSaml("ana.ruiz@saml.acme.test"));
    expect(new URL(elsewhere.headers.location as string, appUrl).searchParams.get("error")).toBe("Sign-in could not be verified");
  });

  it("serves Outlay's metadata for the provider's administrator", async () => {
    const setting = await h.database.db.selectFrom("sso_settings").select("id").where("email_domain", "=", "saml.acme.test").executeTakeFirstOrThrow();
    const metadata = await h.app.inject({ url: `/api/sso/saml/metadata/${setting.id}` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain(`entityID="${audience}"`);
    expect(metadata.body).toContain(acs);
  });
});

describe("enforced single sign-on", () => {
  it("refuses the company's passwords, said only to the right one", async () => {
    const adminHeaders = await admin();
    const created = await oidcSetting({ email_domain: "acme.test", enforced: true });
    expect(created.statusCode, created.body).toBe(201);
    try {
      const right = await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: "ap@acme.test", password: demoPassword } });
      expect(right.statusCode).toBe(400);
      expect(right.json().error_description).toBe("Your company signs in with single sign-on. Please use \"Log in with single sign-on\".");
      const wrong = await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: "ap@acme.test", password: "Wrong#2026" } });
      expect(wrong.json().error_description).toBe("Invalid email or password.");
    } finally {
      const removed = await h.app.inject({ method: "DELETE", url: `/api/sso_settings/${created.json().data.id}`, headers: adminHeaders });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const after = await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: "ap@acme.test", password: demoPassword } });
    expect(after.statusCode).toBe(200);
  });
});
