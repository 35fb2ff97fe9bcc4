/**
 * Membership by consent (issue 27): an administrator's POST /api/users for a login of another company
 * makes no member — the person is INVITED until they accept the e-mailed link; nobody can activate the
 * membership in their place. Deactivating a membership revokes every token of the login: its refresh
 * token is refused, its access token stops working.
 */
import { describe, expect, it } from "vitest";
import { demoPassword } from "../../src/server/seed/demo.js";
import { useApp } from "./harness.js";

const h = useApp();

const signIn = async (email: string) => {
  const response = await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: demoPassword } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { access_token: string; refresh_token: string };
};
const refresh = (token: string) => h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "refresh_token", refresh_token: token } });
const asAdmin = async (method: "GET" | "POST" | "PATCH", url: string, payload?: object, email = "admin@acme.test") =>
  h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });

describe("an existing login of another company", () => {
  it("is invited, not made a member: its companies do not list Acme and nobody activates it in its place", async () => {
    const acme = await h.companyId("Acme Corp");
    const created = await asAdmin("POST", "/api/users", { email: "admin@globex.test", first_name: "Globex", last_name: "Admin", role: "staff" });
    expect(created.statusCode, created.body).toBe(201);
    const contact = created.json().data as { id: number; status: string };
    expect(contact.status).toBe("INVITED");
    const globexAdmin = await signIn("admin@globex.test");
    const current = await h.app.inject({ url: "/api/users/current", headers: { authorization: `Bearer ${globexAdmin.access_token}` } });
    expect((current.json().data.companies as { name: string }[]).map((c) => c.name)).not.toContain("Acme Corp");
    const inAcme = await h.app.inject({ url: "/api/users/current", headers: { authorization: `Bearer ${globexAdmin.access_token}`, "company-id": String(acme) } });
    expect(inAcme.statusCode).toBe(403);
    // neither the status field (server-owned) nor the activate action makes the membership ACTIVE
    for (const path of [`/api/users/${contact.id}`, `/api/contacts/${contact.id}`]) {
      const forced = await asAdmin("PATCH", path, { status: "ACTIVE" });
      expect(forced.statusCode, `${path}: ${forced.body}`).toBe(422);
    }
    expect((await asAdmin("POST", `/api/users/${contact.id}/activate`)).statusCode).toBe(409);
    const stored = await h.database.db.selectFrom("contacts").select("status").where("id", "=", contact.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("INVITED");
  });
});

describe("deactivation", () => {
  it("revokes the login's tokens: its refresh is refused (400), its access token answers 401", async () => {
    const session = await signIn("approver@acme.test");
    const [user] = (await (await asAdmin("GET", "/api/users?email=approver@acme.test")).json()).data as { id: number }[];
    const deactivated = await asAdmin("POST", `/api/users/${user.id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const refused = await refresh(session.refresh_token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("invalid_grant");
    const access = await h.app.inject({ url: "/api/users/current", headers: { authorization: `Bearer ${session.access_token}` } });
    expect(access.statusCode).toBe(401);
    // activated again, the person signs in anew
    expect((await asAdmin("POST", `/api/users/${user.id}/activate`)).statusCode).toBe(200);
    const again = await signIn("approver@acme.test");
    expect((await refresh(again.refresh_token)).statusCode).toBe(200);
  });

  it("a refresh token is refused once the login is active nowhere, however it was deactivated", async () => {
    const session = await signIn("receiving@acme.test");
    const login = await h.database.db.selectFrom("users").select("id").where("email", "=", "receiving@acme.test").executeTakeFirstOrThrow();
    // a change made outside the API (an operator's SQL): no hook ran, the refresh still checks
    await h.database.db.updateTable("contacts").set({ status: "INACTIVE" }).where("user_id", "=", login.id).execute();
    expect((await refresh(session.refresh_token)).statusCode).toBe(400);
  });
});
