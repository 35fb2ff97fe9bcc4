/**
 * Getting in without an invitation, in the browser: sign-up confirmed by e-mail; single sign-on
 * through a real OpenID Connect provider started here (a person of the company's domain is created
 * just in time; one of another domain reaches the failure page); a tampered SAML response ends on
 * /saml_failed with its texts; a vendor's private message link, and a withdrawn one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { startOidcProvider, type TestProvider } from "../support/oidc-provider.js";
import { samlIdpIssuer, samlTestCertificate, tamperedSamlResponse } from "../support/saml-idp.js";
import { apiAs } from "./api.js";
import { baseUrl, cspViolations, newPage, screenshot, useBrowser } from "./browser.js";
import { mailedLink } from "./mailbox.js";

const { browser } = useBrowser();
let provider: TestProvider;
const stamp = Date.now();

beforeAll(async () => {
  provider = await startOidcProvider([`${baseUrl()}/login/callback`]);
  const admin = await apiAs("admin@acme.test");
  const oidc = await admin.post("/api/sso_settings", {
    protocol: "OIDC", email_domain: `oidc${stamp}.acme.test`, issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret,
    default_role: "ap_role", jit_enabled: true,
  });
  expect(oidc.status, JSON.stringify(oidc.body)).toBe(201);
  const saml = await admin.post("/api/sso_settings", {
    protocol: "SAML", email_domain: `saml${stamp}.acme.test`, issuer: samlIdpIssuer, client_id: "https://outlay.test/saml",
    sso_url: "https://idp.saml.test/sso", idp_certificate: samlTestCertificate, default_role: "staff",
  });
  expect(saml.status, JSON.stringify(saml.body)).toBe(201);
});
afterAll(async () => provider?.close());

/** The page's notice, or null while there is none (each look bounded, so that a poll can time out). */
const notice = (page: Page) => page.locator(".ant-alert").first().textContent({ timeout: 500 }).catch(() => null);

async function startSingleSignOn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Log in with single sign-on" }).click();
}

/** The provider's development sign-in page: any password. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill("any");
  await page.locator("button[type=submit]").first().click();
}

describe("sign-up", () => {
  it("a new company's administrator signs up, confirms the address from the e-mail and signs in", async () => {
    const attempt = Date.now(); // each attempt its own company and address (the suite retries a failed test once)
    const email = `founder-${attempt}@initech.test`;
    const page = await newPage(browser());
    await page.goto("/login");
    await page.getByRole("link", { name: "New to Outlay? Create your company" }).click();
    await page.getByRole("heading", { name: "Create your company" }).waitFor();
    await page.getByLabel("Company name").fill(`Initech ${attempt}`);
    await page.getByLabel("Your name").fill("Peter Gibbons");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Founder#2026");
    await page.getByLabel("Confirm password").fill("Founder#2026");
    await screenshot(page, "sign-up");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Check your e-mail: we have sent you a link to confirm your address.").waitFor();

    await page.goto(await mailedLink(email, /\/users\/confirmation\?confirmation_token=[A-Za-z0-9_-]+/));
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.has("confirmed"));
    await expect.poll(() => notice(page), { timeout: 20_000 }).toBe("Your account is confirmed. Please log in.");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByLabel("Password").fill("Founder#2026");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("button", { name: "Agree" }).click();
    await page.locator(".ant-modal").waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Administrator Dashboard" }).waitFor();
    await expect.poll(() => page.getByText(`Initech ${attempt}`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("unlock by e-mail", () => {
  it("guesses from many addresses slow the account down; its owner lifts that with the e-mailed link and signs in", async () => {
    const email = `owner-${stamp}@initech.test`;
    const password = "Owner#2026pass";
    const form = { company_name: `Unlock ${stamp}`, currency_code: "EUR", company_date_format: "DD/MM/YYYY", name: "Owen Owner", email, password, password_confirmation: password };
    expect((await fetch(`${baseUrl()}/api/users/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(form) })).status).toBe(202);
    const confirmation = await mailedLink(email, /confirmation_token=[A-Za-z0-9_-]+/);
    expect((await fetch(`${baseUrl()}/api/users/confirmation?${confirmation}`)).status).toBe(200);
    // a botnet's guesses, each from its own address (X-Forwarded-For through the trusted proxy)
    for (let i = 0; i < 21; i++) {
      await fetch(`${baseUrl()}/oauth/token`, {
        method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${stamp % 200}.${i}` },
        body: JSON.stringify({ grant_type: "password", username: email, password: "Wrong#2026guess" }),
      });
    }
    // the owner, from an address new to the account, is slowed down too, and gets the link
    const page = await newPage(browser());
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => notice(page), { timeout: 20_000 }).toMatch(/^Too many attempts/);
    await page.goto(await mailedLink(email, /\/unlock_user\/[A-Za-z0-9_-]+/));
    await page.getByText("Your account is unlocked.").waitFor();
    await screenshot(page, "unlocked");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });
    await page.context().close();
  });
});

describe("single sign-on", () => {
  it("a person of the company's domain signs in through the OpenID Connect provider and is created with the default role", async () => {
    const email = `new.clerk@oidc${stamp}.acme.test`;
    const page = await newPage(browser());
    await startSingleSignOn(page, email);
    await signInAtProvider(page, email);
    await page.waitForURL((url) => url.origin === baseUrl() && !url.pathname.startsWith("/login"), { timeout: 20_000 });
    await page.getByRole("button", { name: "Agree" }).click();
    await page.locator(".ant-modal").waitFor({ state: "hidden" });
    const me = await page.evaluate(async () => {
      const response = await fetch("/api/users/current", { headers: { authorization: `Bearer ${localStorage.getItem("outlay.accessToken")}` } });
      return ((await response.json()) as { data: { email: string; role: string; okta_id: string } }).data;
    });
    expect(me).toMatchObject({ email, role: "ap_role", okta_id: email });
    await screenshot(page, "sso-signed-in");
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("a person of another domain vouched for by the provider reaches the failure page", async () => {
    const page = await newPage(browser());
    await startSingleSignOn(page, `someone@oidc${stamp}.acme.test`);
    await signInAtProvider(page, "intruder@elsewhere.test");
    await page.waitForURL((url) => url.pathname === "/sso_failed", { timeout: 20_000 });
    await page.getByText("Address not allowed").waitFor();
    await page.getByText(`intruder@elsewhere.test is not an address of oidc${stamp}.acme.test, so it cannot sign in here.`).waitFor();
    await screenshot(page, "sso-failed");
    await page.context().close();
  });

  it("a tampered SAML response is refused and shows /saml_failed", async () => {
    const started = await fetch(`${baseUrl()}/api/sso/start?email=${encodeURIComponent(`clerk@saml${stamp}.acme.test`)}`);
    const relayState = new URL(((await started.json()) as { data: { url: string } }).data.url).searchParams.get("RelayState") ?? "";
    const response = tamperedSamlResponse({ email: `clerk@saml${stamp}.acme.test`, audience: "https://outlay.test/saml", recipient: `${baseUrl()}/api/sso/saml/acs` }, `admin@saml${stamp}.acme.test`);
    // the provider's auto-submitting form, as the browser posts it
    const page = await newPage(browser());
    await page.goto("/login");
    await page.evaluate(({ SAMLResponse, RelayState }) => {
      const form = Object.assign(document.createElement("form"), { method: "POST", action: "/api/sso/saml/acs" });
      for (const [name, value] of Object.entries({ SAMLResponse, RelayState })) form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
      document.body.append(form);
      form.submit();
    }, { SAMLResponse: response, RelayState: relayState });
    await page.waitForURL((url) => url.pathname === "/saml_failed", { timeout: 20_000 });
    await page.getByText("Sign-in could not be verified").waitFor();
    await screenshot(page, "saml-failed");
    await page.context().close();
  });
});

describe("private links", () => {
  it("a vendor opens the e-mailed message without an account; a withdrawn link shows /invalid_message", async () => {
    const admin = await apiAs("admin@acme.test");
    const vendors = await admin.get<{ data: { id: number; email: string | null }[] }>("/api/vendors?_start=0&_end=50");
    const vendor = vendors.body.data.find((v) => v.email)!;
    const subject = `Your W-9, please (${stamp})`;
    expect((await admin.post("/api/messages", { vendor_id: vendor.id, subject, body: "Please send your W-9 before Friday." })).status).toBe(201);
    const link = await mailedLink(vendor.email!, /\/private\/[A-Za-z0-9_-]+/);
    const page = await newPage(browser());
    await page.goto(link);
    await page.getByRole("heading", { name: subject }).waitFor();
    await page.getByText("Please send your W-9 before Friday.").waitFor();
    await screenshot(page, "private-message");
    await page.goto(`${link}x`);
    await page.waitForURL((url) => url.pathname === "/invalid_message");
    await page.getByText("This link is not valid or has expired.").waitFor();
    await page.context().close();
  });
});
