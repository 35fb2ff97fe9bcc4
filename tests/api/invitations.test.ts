/**
 * Passwords by e-mail (domain/identity/password-links.ts): an administrator's new user is invited and
 * sets a password through the e-mailed link; an existing login joins another company only by
 * accepting; a reset never tells whether an address has an account; links are used once.
 */
import { describe, expect, it } from "vitest";
import { demoPassword } from "../../src/server/seed/demo.js";
import { useApp } from "./harness.js";

const h = useApp();
const newPassword = "Welcome#2026";

const mailTo = async (to: string) =>
  h.database.db.selectFrom("mail_messages").select(["subject", "text"]).where("to", "=", to).orderBy("id", "desc").execute();
const tokenIn = (text: string | null) => /\/set_password\/([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1] ?? "";
const signIn = (email: string, password: string) =>
  h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password } });
const setPassword = (payload: object) => h.app.inject({ method: "POST", url: "/api/users/set_password", payload });
const invite = async (email: string, as = "admin@acme.test") =>
  h.app.inject({ method: "POST", url: "/api/users", headers: await h.login(as), payload: { email, first_name: "New", last_name: "Person", role: "staff" } });

describe("invitations", () => {
  it("invite a new user, who sets a password through the e-mailed link and signs in", async () => {
    const created = await invite("new@acme.test");
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.status).toBe("INVITED");
    expect((await signIn("new@acme.test", newPassword)).statusCode).toBe(400);

    const [mail] = await mailTo("new@acme.test");
    expect(mail.subject).toBe("Your invitation to Acme Corp on Outlay");
    const token = tokenIn(mail.text);
    const opened = await h.app.inject({ url: `/api/users/set_password/${token}` });
    expect(opened.json().data).toEqual({ purpose: "invitation", email: "new@acme.test", company_name: "Acme Corp", has_password: false });

    expect((await setPassword({ token, password: "short", password_confirmation: "short" })).json().errors).toEqual({ password: ["Please enter atleast 1 character and Number."] });
    expect((await setPassword({ token, password: newPassword, password_confirmation: "Other#2026" })).json().errors).toEqual({ password_confirmation: ["Please ensure the passwords match."] });
    const set = await setPassword({ token, password: newPassword, password_confirmation: newPassword });
    expect(set.statusCode, set.body).toBe(200);

    const signedIn = await signIn("new@acme.test", newPassword);
    expect(signedIn.statusCode).toBe(200);
    const me = await h.app.inject({ url: "/api/users/current", headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(me.json().data).toMatchObject({ email: "new@acme.test", role: "staff", company: { name: "Acme Corp" } });
    // used once
    const again = await setPassword({ token, password: "Another#2026", password_confirmation: "Another#2026" });
    expect(again.statusCode).toBe(410);
    expect((await signIn("new@acme.test", "Another#2026")).statusCode).toBe(400);
  });

  it("an existing login joins another company only by accepting its invitation", async () => {
    const created = await invite("staff@acme.test", "admin@globex.test");
    expect(created.statusCode, created.body).toBe(201);
    const globex = await h.companyId("Globex Ltd");
    const token = tokenIn((await mailTo("staff@acme.test"))[0].text);
    // not a member yet: Globex refuses the login's requests
    const before = await h.app.inject({ url: "/api/users/current", headers: await h.login("staff@acme.test", globex) });
    expect(before.statusCode).toBe(403);
    expect((await h.app.inject({ url: `/api/users/set_password/${token}` })).json().data).toMatchObject({ has_password: true, company_name: "Globex Ltd" });
    // the administrator cannot make the membership active in the login's place
    const activate = await h.app.inject({ method: "POST", url: `/api/users/${created.json().data.id}/activate`, headers: await h.login("admin@globex.test") });
    expect(activate.statusCode).toBe(409);

    expect((await setPassword({ token })).statusCode).toBe(200);
    const after = await h.app.inject({ url: "/api/users/current", headers: await h.login("staff@acme.test", globex) });
    expect(after.statusCode).toBe(200);
    // the password stays the one it had
    expect((await signIn("staff@acme.test", demoPassword)).statusCode).toBe(200);
  });

  it("resends an invitation with a new link, the earlier one withdrawn, only while it is not accepted", async () => {
    const created = await invite("again@acme.test");
    const id = created.json().data.id as number;
    const first = tokenIn((await mailTo("again@acme.test"))[0].text);
    const resend = await h.app.inject({ method: "POST", url: `/api/users/${id}/resend_invitation`, headers: await h.login("admin@acme.test") });
    expect(resend.statusCode, resend.body).toBe(200);
    const second = tokenIn((await mailTo("again@acme.test"))[0].text);
    expect(second).not.toBe(first);
    expect((await h.app.inject({ url: `/api/users/set_password/${first}` })).statusCode).toBe(410);
    expect((await setPassword({ token: second, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);
    const accepted = await h.app.inject({ method: "POST", url: `/api/users/${id}/resend_invitation`, headers: await h.login("admin@acme.test") });
    expect(accepted.statusCode).toBe(409);
    // a user without the key to add users cannot send invitations
    const staff = await h.app.inject({ method: "POST", url: `/api/users/${id}/resend_invitation`, headers: await h.login("staff@acme.test") });
    expect([403, 404]).toContain(staff.statusCode);
  });

  it("refuses an unknown or tampered link with the plain reason", async () => {
    const opened = await h.app.inject({ url: "/api/users/set_password/not-a-token" });
    expect(opened.statusCode).toBe(404);
    expect(opened.json().errors.base).toEqual(["This link is not valid."]);
    expect((await setPassword({ token: "not-a-token", password: newPassword, password_confirmation: newPassword })).statusCode).toBe(404);
  });
});

describe("password reset", () => {
  it("answers the same for an unknown address and sends nothing", async () => {
    const known = await h.app.inject({ method: "POST", url: "/api/users/password", payload: { email: "approver@acme.test" } });
    const unknown = await h.app.inject({ method: "POST", url: "/api/users/password", payload: { email: "nobody@acme.test" } });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailTo("nobody@acme.test")).toEqual([]);
    expect((await mailTo("approver@acme.test"))[0].subject).toBe("Reset your Outlay password");
  });

  it("sets a new password through the link and ends the user's sessions", async () => {
    const session = await h.login("approver@acme.test");
    await h.app.inject({ method: "POST", url: "/api/users/password", payload: { email: "Approver@Acme.test " } });
    const token = tokenIn((await mailTo("approver@acme.test"))[0].text);
    expect((await h.app.inject({ url: `/api/users/set_password/${token}` })).json().data).toMatchObject({ purpose: "password_reset", has_password: false });
    expect((await setPassword({ token, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);
    expect((await signIn("approver@acme.test", demoPassword)).statusCode).toBe(400);
    expect((await signIn("approver@acme.test", newPassword)).statusCode).toBe(200);
    expect((await h.app.inject({ url: "/api/users/current", headers: session })).statusCode).toBe(401);
  });

  it("refuses what is not an e-mail address", async () => {
    const response = await h.app.inject({ method: "POST", url: "/api/users/password", payload: { email: "not an address" } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ["must be an e-mail address"] });
  });
});

describe("unlock by e-mail", () => {
  const wrong = "Wrong!2026pass";
  const signInFrom = (email: string, password: string, remoteAddress: string) =>
    h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password }, remoteAddress });

  it("e-mails the owner once when guesses slow the account down, and the link lifts the slowdown", async () => {
    const email = "po@acme.test";
    for (let i = 0; i < 20; i++) expect((await signInFrom(email, wrong, `10.9.1.${i}`)).statusCode).toBe(400);
    expect((await signInFrom(email, wrong, "10.9.2.1")).statusCode).toBe(429);
    expect((await signInFrom(email, wrong, "10.9.2.2")).statusCode).toBe(429);
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Sign-in attempts on your Outlay account"]);
    // the owner, from an address new to the account, waits too
    expect((await signInFrom(email, demoPassword, "10.9.3.1")).statusCode).toBe(429);

    const token = /\/unlock_user\/([A-Za-z0-9_-]+)/.exec(mails[0].text ?? "")?.[1] ?? "";
    const unlocked = await h.app.inject({ method: "POST", url: "/api/users/unlock", payload: { token } });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data).toEqual({ email });
    expect((await signInFrom(email, demoPassword, "10.9.3.1")).statusCode).toBe(200);
    // used once
    expect((await h.app.inject({ method: "POST", url: "/api/users/unlock", payload: { token } })).statusCode).toBe(410);
  });

  it("sends nothing for an address without an account, and refuses an unknown link", async () => {
    const email = "ghost@acme.test";
    for (let i = 0; i < 21; i++) await signInFrom(email, wrong, `10.9.4.${i}`);
    expect(await mailTo(email)).toEqual([]);
    expect((await h.app.inject({ method: "POST", url: "/api/users/unlock", payload: { token: "nope" } })).statusCode).toBe(404);
  });
});

describe("sign-in events in the audit log", () => {
  it("records successes, failures and throttled attempts of a login in its company, and nothing for an unknown address", async () => {
    const email = "readonly@acme.test";
    const user = await h.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const events = async () => (await h.database.db.selectFrom("activities").select(["changes", "user_id", "company_id"])
      .where("item_type", "=", "users").where("item_id", "=", user.id).orderBy("id").execute()).map((a) => ({ ...a, changes: typeof a.changes === "string" ? JSON.parse(a.changes) : a.changes }));
    const before = (await events()).length;
    await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: "Wrong!2026pass" }, remoteAddress: "10.8.0.1" });
    await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: demoPassword }, remoteAddress: "10.8.0.1" });
    const acme = await h.companyId("Acme Corp");
    expect((await events()).slice(before)).toEqual([
      { changes: { sign_in: "failed", address: "10.8.0.1" }, user_id: null, company_id: acme },
      { changes: { sign_in: "succeeded", address: "10.8.0.1" }, user_id: user.id, company_id: acme },
    ]);
    const all = async () => Number((await h.database.db.selectFrom("activities").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const count = await all();
    await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: "nobody-at-all@acme.test", password: "Wrong!2026pass" }, remoteAddress: "10.8.0.2" });
    expect(await all()).toBe(count);
  });
});
