/**
 * Sign-up (domain/identity/sign-up.ts): a new company and its administrator, who signs in once the
 * e-mailed confirmation link is opened; an address with an account gets the same answer and a
 * different e-mail; every problem of the form at once; closed instances refuse.
 */
import { describe, expect, it } from "vitest";
import { config } from "../../src/server/config.js";
import { useApp } from "./harness.js";

const h = useApp();
const password = "Founder#2026";
const form = (email: string) => ({
  company_name: "Initech", currency_code: "USD", company_date_format: "MM/DD/YYYY",
  name: "Peter Gibbons", email, password, password_confirmation: password,
});
const signUp = (payload: object) => h.app.inject({ method: "POST", url: "/api/users/signup", payload });
const signIn = (email: string, pass = password) =>
  h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: pass } });
const mailTo = async (to: string) =>
  h.database.db.selectFrom("mail_messages").select(["subject", "text"]).where("to", "=", to).orderBy("id", "desc").execute();
const confirmationToken = (text: string | null) => /confirmation_token=([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1] ?? "";
const confirm = (token: string) => h.app.inject({ url: `/api/users/confirmation?confirmation_token=${token}` });

describe("sign-up", () => {
  it("creates the company and its administrator, who signs in after confirming the address", async () => {
    expect((await h.app.inject({ url: "/api/users/signup" })).json()).toEqual({ data: { open: true } });
    const answer = await signUp(form("Peter@Initech.test"));
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json().message).toBe("Check your e-mail: we have sent you a link to confirm your address.");

    // not before the confirmation, and a wrong password is not told about it
    expect((await signIn("peter@initech.test")).json().error_description).toBe("Please confirm your e-mail address first: open the link we sent you.");
    expect((await signIn("peter@initech.test", "Wrong#2026")).json().error_description).toBe("Invalid email or password.");

    const [mail] = await mailTo("peter@initech.test");
    expect(mail.subject).toBe("Confirm your e-mail address for Outlay");
    const token = confirmationToken(mail.text);
    expect((await confirm("not-a-token")).statusCode).toBe(404);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ email: "peter@initech.test" });
    expect((await confirm(token)).statusCode).toBe(410);

    const signedIn = await signIn("peter@initech.test");
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await h.app.inject({ url: "/api/users/current", headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(me.json().data).toMatchObject({ email: "peter@initech.test", name: "Peter Gibbons", role: "admin", company: { name: "Initech", currency: "USD" } });
    expect(me.json().data.companies).toEqual([{ id: me.json().data.company.id, name: "Initech", portal: false }]);
    // the new company is its own: Acme's invoices are not in it
    const invoices = await h.app.inject({ url: "/api/invoices", headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(invoices.json().data).toEqual([]);
  });

  it("answers an address with an account the same, and tells only its owner, by e-mail", async () => {
    const companies = await h.database.db.selectFrom("companies").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const answer = await signUp({ ...form("ap@acme.test"), company_name: "Acme Copy" });
    expect(answer.statusCode).toBe(202);
    expect(answer.json().message).toBe("Check your e-mail: we have sent you a link to confirm your address.");
    const [mail] = await mailTo("ap@acme.test");
    expect(mail.subject).toBe("Your Outlay account");
    expect(mail.text).toContain("/reset_password");
    const after = await h.database.db.selectFrom("companies").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(companies.n);
  });

  it("sends a waiting sign-up a new link, the earlier one withdrawn", async () => {
    await signUp(form("twice@initech.test"));
    const first = confirmationToken((await mailTo("twice@initech.test"))[0].text);
    expect((await signUp(form("twice@initech.test"))).statusCode).toBe(202);
    const second = confirmationToken((await mailTo("twice@initech.test"))[0].text);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(410);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it("names every problem of the form at once, and creates nothing", async () => {
    const answer = await signUp({ company_name: "", currency_code: "dollars", company_date_format: "YYYY", name: "X", email: "not-an-address", password: "short", password_confirmation: "other" });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.json().errors).sort()).toEqual(["company_date_format", "company_name", "currency_code", "email", "password", "password_confirmation"]);
    expect(answer.json().errors.password).toEqual(["Please enter atleast 1 character and Number."]);
    expect(answer.json().errors.password_confirmation).toEqual(["Please ensure the passwords match."]);
    expect(await mailTo("not-an-address")).toEqual([]);
  });

  it("is refused when the instance does not allow it", async () => {
    config.signupOpen = false;
    try {
      expect((await h.app.inject({ url: "/api/users/signup" })).json()).toEqual({ data: { open: false } });
      const answer = await signUp(form("closed@initech.test"));
      expect(answer.statusCode).toBe(403);
      expect(await mailTo("closed@initech.test")).toEqual([]);
    } finally {
      config.signupOpen = true;
    }
  });
});
