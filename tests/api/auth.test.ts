import { describe, expect, it } from "vitest";
import { demoPassword } from "../../src/server/seed/demo.js";
import { useApp } from "./harness.js";

const h = useApp();

// wrong-password tests sign in from their own addresses: the throttle counts per address
const token = (username: string, password: string, remoteAddress?: string) =>
  h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username, password }, remoteAddress });
const refresh = (refreshToken: string) =>
  h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "refresh_token", refresh_token: refreshToken } });
const current = async (accessToken: string) =>
  (await h.app.inject({ url: "/api/users/current", headers: { authorization: `Bearer ${accessToken}` } })).statusCode;

describe("sign-in", () => {
  it("issues opaque tokens for the password grant", async () => {
    const response = await token("admin@acme.test", demoPassword);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 7200 });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    const stored = await h.database.db.selectFrom("oauth_tokens").select("access_hash").execute();
    expect(stored.map((t) => t.access_hash)).not.toContain(body.access_token);
  });

  it("accepts the form-encoded grant as well", async () => {
    const response = await h.app.inject({
      method: "POST", url: "/oauth/token", headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `grant_type=password&username=${encodeURIComponent("staff@acme.test")}&password=${encodeURIComponent(demoPassword)}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a wrong password with the OAuth error and our error shape", async () => {
    const response = await token("po@acme.test", "wrong", "10.1.0.1");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_grant", errors: { base: ["Invalid email or password."] } });
  });

  it("refuses, without a 5xx, a username no account can have", async () => {
    const long = await token("x".repeat(300) + "@acme.test", "Wrong!2026pass", "10.1.2.1");
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: "invalid_request", errors: { base: ["username must be an e-mail address."] } });
    // a NUL byte is refused by the input guard of every route, before sign-in looks at it
    const nul = await token("admin@acme.test\u0000", "Wrong!2026pass", "10.1.2.1");
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(nul.json().errors)).toEqual(["username"]);
  });

  it("rejects requests without a valid bearer token", async () => {
    expect((await h.app.inject({ url: "/api/invoices" })).statusCode).toBe(401);
    expect((await h.app.inject({ url: "/api/invoices", headers: { authorization: "Bearer nope" } })).statusCode).toBe(401);
  });

  it("rotates refresh tokens and revokes", async () => {
    const first = (await token("readonly@acme.test", demoPassword)).json();
    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    // the old pair is gone
    expect(await current(first.access_token)).toBe(401);
    expect(await current(second.access_token)).toBe(200);
    expect((await h.app.inject({ method: "POST", url: "/oauth/revoke", payload: { token: second.access_token, client_id: "web" } })).statusCode).toBe(200);
    expect(await current(second.access_token)).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
  });

  it("revokes the whole family when a rotated refresh token is presented again", async () => {
    const stolen = (await token("readonly@acme.test", demoPassword)).json();
    const other = (await token("readonly@acme.test", demoPassword)).json();
    // the owner refreshes twice; then the copy of the first refresh token is used
    const second = (await refresh(stolen.refresh_token)).json();
    const third = (await refresh(second.refresh_token)).json();
    expect(await current(third.access_token)).toBe(200);
    const reused = await refresh(stolen.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: "invalid_grant" });
    // every pair of that sign-in is revoked, access tokens included; another sign-in is untouched
    expect(await current(third.access_token)).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(400);
    expect(await current(other.access_token)).toBe(200);
  });

  it("refuses the right password of an account an administrator locked, and says why; unlock lets the user in", async () => {
    await h.database.db.updateTable("users").set({ locked_at: new Date() }).where("email", "=", "receiving@acme.test").execute();
    const refused = await token("receiving@acme.test", demoPassword, "10.1.1.1");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.base[0]).toMatch(/locked/);
    // a wrong password learns nothing: the answer of an unknown e-mail
    const wrong = await token("receiving@acme.test", "Wrong!2026pass", "10.1.1.2");
    const unknown = await token("nobody@acme.test", "Wrong!2026pass", "10.1.1.3");
    expect([wrong.statusCode, wrong.json()]).toEqual([unknown.statusCode, unknown.json()]);

    const adminHeaders = await h.login("admin@acme.test");
    const users = (await h.app.inject({ url: "/api/users?email=receiving@acme.test", headers: adminHeaders })).json().data;
    expect(users).toHaveLength(1);
    expect(users[0].locked).toBe(true);
    // a non-administrator cannot unlock
    const staff = await h.login("staff@acme.test");
    expect((await h.app.inject({ method: "POST", url: `/api/users/${users[0].id}/unlock`, headers: staff })).statusCode).toBe(403);
    const unlocked = await h.app.inject({ method: "POST", url: `/api/users/${users[0].id}/unlock`, headers: adminHeaders });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().data.locked).toBe(false);
    expect((await token("receiving@acme.test", demoPassword, "10.1.1.1")).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("take a role change into account at once", async () => {
    const staff = await h.login("staff@acme.test");
    expect((await h.app.inject({ url: "/api/vendors?_end=1", headers: staff })).statusCode).toBe(403);
    const admin = await h.login("admin@acme.test");
    const [user] = (await h.app.inject({ url: "/api/users?email=staff@acme.test", headers: admin })).json().data;
    const unknown = await h.app.inject({ method: "PATCH", url: `/api/users/${user.id}`, headers: admin, payload: { role: "emperor" } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.role[0]).toMatch(/must be one of/);
    const changed = await h.app.inject({ method: "PATCH", url: `/api/users/${user.id}`, headers: admin, payload: { role: "admin_readonly" } });
    expect(changed.statusCode).toBe(200);
    expect((await h.app.inject({ url: "/api/vendors?_end=1", headers: staff })).statusCode).toBe(200);
    await h.app.inject({ method: "PATCH", url: `/api/users/${user.id}`, headers: admin, payload: { role: "staff" } });
    expect((await h.app.inject({ url: "/api/vendors?_end=1", headers: staff })).statusCode).toBe(403);
  });
});

describe("vendor-portal users", () => {
  it("are refused every staff resource, including module-key and unguarded ones", async () => {
    const vendor = await h.login("vendor@northwind.test");
    for (const name of ["invoices", "accrual_invoice_links", "po_approvals", "invoices_approval", "expense_approvals", "vendors"]) {
      expect((await h.app.inject({ url: `/api/${name}?_end=1`, headers: vendor })).statusCode, name).toBe(403);
    }
    expect((await h.app.inject({ url: "/api/users/current", headers: vendor })).json().data).toMatchObject({ role: "vendor", portal: true });
  });
});

describe("current user", () => {
  it("returns the spec's user shape", async () => {
    const headers = await h.login("approver@acme.test");
    const response = await h.app.inject({ url: "/api/users/current", headers });
    expect(response.statusCode).toBe(200);
    const user = response.json().data;
    expect(user).toMatchObject({
      email: "approver@acme.test", role: "manager", roles: [{ name: "manager" }],
      company: { name: "Acme Corp", currency: "USD", company_date_format: "MM/DD/YYYY", has_payment_workflow: true },
      module_settings: { invoices_active: true }, delegators: [],
    });
    expect(user.contact).toMatchObject({ id: expect.any(Number), language: "en" });
    expect(user.perm_resources).toContain("listInvoices");
    expect(user.perm_resources).not.toContain("deleteInvoices");
    expect(user.formatted_date_accepted_term).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it("switches only to companies the user belongs to", async () => {
    const globex = await h.companyId("Globex Ltd");
    const headers = await h.login("admin@acme.test");
    const response = await h.app.inject({ method: "POST", url: `/api/users/switch_company/${globex}`, headers });
    expect(response.statusCode).toBe(403);
  });

  it("switches company for a member of several and scopes to it", async () => {
    const acme = await h.companyId("Acme Corp");
    const globex = await h.companyId("Globex Ltd");
    const user = await h.database.db.selectFrom("users").select("id").where("email", "=", "admin@globex.test").executeTakeFirstOrThrow();
    await h.database.db.insertInto("contacts").values({ company_id: acme, first_name: "Gina", last_name: "Globex", contact_type: "COMPANY", role: "admin_readonly", user_id: user.id, email: "admin@globex.test" }).execute();
    const headers = await h.login("admin@globex.test");
    const before = (await h.app.inject({ url: "/api/users/current", headers })).json().data;
    expect(before.company.id).toBe(globex);
    expect(before.companies.map((c: { name: string }) => c.name)).toEqual(["Acme Corp", "Globex Ltd"]);
    const switched = await h.app.inject({ method: "POST", url: `/api/users/switch_company/${acme}`, headers });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ role: "admin_readonly", company: { id: acme } });
    // the switch is remembered for requests without a company-id header
    const invoices = (await h.app.inject({ url: "/api/invoices?_end=1", headers })).json().data;
    expect(invoices[0].currency_code).toBe("USD");
  });

  it("tells which of the login's companies it is a vendor of (the staff app's jump to the vendor portal)", async () => {
    const acme = await h.companyId("Acme Corp");
    const globex = await h.companyId("Globex Ltd");
    const vendorAtGlobex = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow();
    const user = await h.database.db.selectFrom("users").select("id").where("email", "=", "ap@acme.test").executeTakeFirstOrThrow();
    await h.database.db.insertInto("contacts").values({ company_id: globex, first_name: "Ada", last_name: "Acme", contact_type: "VENDOR", role: "vendor", user_id: user.id, email: "ap@acme.test", vendor_id: vendorAtGlobex.id, status: "ACTIVE" }).execute();
    const headers = await h.login("ap@acme.test");
    const me = (await h.app.inject({ url: "/api/users/current", headers })).json().data;
    expect(me.portal).toBe(false);
    expect(me.companies).toEqual([{ id: acme, name: "Acme Corp", portal: false }, { id: globex, name: "Globex Ltd", portal: true }]);
    // at Globex the same login is the vendor: the portal's paths, not the staff ones
    const there = { ...headers, "company-id": String(globex) };
    expect((await h.app.inject({ url: "/api/users/current", headers: there })).json().data.portal).toBe(true);
    expect((await h.app.inject({ url: "/api/invoices?_end=1", headers: there })).statusCode).toBe(403);
    expect((await h.app.inject({ url: "/api/portal/invoices?_end=1", headers: there })).statusCode).toBe(200);
  });

  it("records terms acceptance for oneself only", async () => {
    const headers = await h.login("po@acme.test");
    const me = (await h.app.inject({ url: "/api/users/current", headers })).json().data;
    const payload = { user: { date_accepted_term: "2026-11-20T10:00:00Z", version_accepted_term: 1 } };
    const other = await h.app.inject({ method: "PATCH", url: `/api/users/${me.id + 1}`, headers, payload });
    expect(other.statusCode).toBe(403);
    const bad = await h.app.inject({ method: "PATCH", url: `/api/users/${me.id}`, headers, payload: { user: { date_accepted_term: "x", version_accepted_term: 7 } } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["date_accepted_term", "version_accepted_term"]);
    const ok = await h.app.inject({ method: "PATCH", url: `/api/users/${me.id}`, headers, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ version_accepted_term: 1, formatted_date_accepted_term: "11/20/2026" });
  });
});
