/**
 * Invoice requests out to the vendor and the invoice back (issue 13): sending e-mails the vendor's
 * contact an outbound link (and, to a contact without a login, its invitation), resending and the
 * token toggle revoke or reissue it, the public landing says why a link is refused; the vendor
 * submits the invoice through the portal action `submit_invoice`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();
const newPassword = "Welcome#2026";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, email = "admin@acme.test"): Promise<{ status: number; body: Json }> {
  const response = await h.app.inject({ method, url, payload: payload as object, headers: await h.login(email) });
  return { status: response.statusCode, body: response.json() };
}

const mailsTo = (to: string) => h.database.db.selectFrom("mail_messages").select(["subject", "text", "related_type", "related_id"]).where("to", "=", to).orderBy("id", "desc").execute();
const requestToken = (text: string | null) => /\/link\/invoice_request\/([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1] ?? "";
const inviteLink = (text: string | null) => /\/set_password\/([A-Za-z0-9_-]+)\?next=([^\s]+)/.exec(text ?? "");
const landing = (token: string) => h.app.inject({ url: `/api/public/links/invoice_request/${token}` });

let acme = 0;
let vendorId = 0;
let otherVendorId = 0;

/** A new vendor contact (no login), as staff add one on /contacts/new. */
async function newContact(email: string, vendor = vendorId, extra: Json = {}): Promise<number> {
  const created = await call("POST", "/api/contacts", { first_name: "Vera", last_name: "Billing", email, contact_type: "VENDOR", vendor_id: vendor, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id;
}

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  // two vendors of Acme with no contact that has an e-mail address (the demo's are nameless)
  const vendors = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "<>", "Northwind Supplies")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("contacts").select("id").whereRef("contacts.vendor_id", "=", "vendors.id").where("email", "is not", null))))
    .orderBy("id").limit(2).execute();
  [vendorId, otherVendorId] = vendors.map((v) => v.id);
});

describe("sending an invoice request", () => {
  it("mails the contact a link to the portal's submit page, with the invitation of a contact without a login", async () => {
    const email = "vera@vendor-one.test";
    const contactId = await newContact(email);
    const created = await call("POST", "/api/invoice_requests", { vendor_id: vendorId, contact_id: contactId, message: "Please invoice March", status: "SENT" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const request = created.body.data;
    expect(request).toMatchObject({ status: "SENT", has_token: "ACTIVE", token: null });
    expect(request.sent_date).not.toBeNull();

    const [mail, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ subject: "Acme Corp asks for your invoice", related_type: "InvoiceRequest", related_id: request.id });
    expect(mail.text).toContain("Please invoice March");
    // the link opens the request, the invitation brings the new login to its submit page
    const opened = await landing(requestToken(mail.text));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ purpose: "invoice_request", record: { type: "InvoiceRequest", id: request.id } });
    const invite = inviteLink(mail.text)!;
    expect(decodeURIComponent(invite[2])).toBe(`/vendor_portal/submit_invoice/${request.id}`);
    const contact = await h.database.db.selectFrom("contacts").select(["status", "role", "user_id"]).where("id", "=", contactId).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ status: "INVITED", role: "vendor" });
    expect(contact.user_id).not.toBeNull();
    // no plaintext token is kept: only the link's hash
    const stored = await h.database.db.selectFrom("invoice_requests").select("token").where("id", "=", request.id).executeTakeFirstOrThrow();
    expect(stored.token).toBeNull();

    // the invited contact chooses a password and is a vendor-portal user of the vendor
    const set = await h.app.inject({ method: "POST", url: "/api/users/set_password", payload: { token: invite[1], password: newPassword, password_confirmation: newPassword } });
    expect(set.statusCode, set.body).toBe(200);
    const signedIn = await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: newPassword } });
    const portal = await h.app.inject({ url: `/api/portal/invoice_requests/${request.id}`, headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().data).not.toHaveProperty("token");

    // a resend to the now active contact: a new link, no invitation, the old link withdrawn
    const resent = await call("POST", `/api/invoice_requests/${request.id}/send`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const [again] = await mailsTo(email);
    expect(inviteLink(again.text)).toBeNull();
    expect(requestToken(again.text)).not.toBe(requestToken(mail.text));
    expect((await landing(requestToken(again.text))).statusCode).toBe(200);
    const old = await landing(requestToken(mail.text));
    expect([old.statusCode, old.json()]).toEqual([410, { errors: { base: ["This link has been withdrawn."] }, reason: "revoked" }]);
  });

  it("the token toggle revokes the link (sending refused) and re-activating mails a new one", async () => {
    const email = "toggle@vendor-one.test";
    const request = (await call("POST", "/api/invoice_requests", { vendor_id: vendorId, contact_id: await newContact(email), status: "SENT" })).body.data;
    const first = requestToken((await mailsTo(email))[0].text);
    expect((await call("PATCH", `/api/invoice_requests/${request.id}`, { has_token: "INACTIVE" }, "approver@acme.test")).status).toBe(403);
    const off = await call("PATCH", `/api/invoice_requests/${request.id}`, { has_token: "INACTIVE" });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await landing(first)).json().reason).toBe("revoked");
    const refused = await call("POST", `/api/invoice_requests/${request.id}/send`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/active token/);
    expect(await mailsTo(email)).toHaveLength(1);

    const on = await call("PATCH", `/api/invoice_requests/${request.id}`, { has_token: "ACTIVE" });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect((await landing(requestToken(mails[0].text))).statusCode).toBe(200);
    expect((await landing(first)).statusCode).toBe(410);
  });

  it("a NEW request mails nothing until sent; the recipient is the vendor's INVOICE_REQUEST contact, else its PRIMARY one", async () => {
    const request = (await call("POST", "/api/invoice_requests", { vendor_id: otherVendorId })).body.data;
    expect(request).toMatchObject({ status: "NEW", sent_date: null, token: null });
    const none = await call("POST", `/api/invoice_requests/${request.id}/send`);
    expect(none.status).toBe(422);
    expect(none.body.errors.contact_id[0]).toMatch(/no contact with an e-mail address/);

    await newContact("primary@vendor-two.test", otherVendorId, { vendor_roles: ["PRIMARY"] });
    await newContact("invoices@vendor-two.test", otherVendorId, { vendor_roles: ["INVOICE_REQUEST"] });
    const sent = await call("POST", `/api/invoice_requests/${request.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await mailsTo("invoices@vendor-two.test")).toHaveLength(1);
    expect(await mailsTo("primary@vendor-two.test")).toHaveLength(0);
    expect(sent.body.data.contact.email).toBe("invoices@vendor-two.test");
  });

  it("refuses a contact of another vendor, a forged token or sent date", async () => {
    const stranger = await newContact("stranger@vendor-two.test", otherVendorId);
    const wrong = await call("POST", "/api/invoice_requests", { vendor_id: vendorId, contact_id: stranger, status: "SENT" });
    expect([wrong.status, wrong.body.errors]).toEqual([422, { contact_id: ["is not a contact of this vendor"] }]);
    const forged = await call("POST", "/api/invoice_requests", { vendor_id: vendorId, token: "mine", sent_date: "2020-01-01T00:00:00Z" });
    expect(forged.body.errors).toEqual({ token: ["is set by the server and cannot be written"], sent_date: ["is set by the server and cannot be written"] });
  });

  it("the landing refuses an unknown link (404) and an expired one (410), saying why", async () => {
    const unknown = await landing("not-a-token");
    expect([unknown.statusCode, unknown.json().reason]).toEqual([404, "unknown"]);
    const email = "expiry@vendor-one.test";
    await call("POST", "/api/invoice_requests", { vendor_id: vendorId, contact_id: await newContact(email), status: "SENT" });
    const token = requestToken((await mailsTo(email))[0].text);
    await h.database.db.updateTable("outbound_links").set({ expires_at: new Date(Date.now() - 1000) }).where("purpose", "=", "invoice_request").where("revoked_at", "is", null).execute();
    const expired = await landing(token);
    expect([expired.statusCode, expired.json()]).toEqual([410, { errors: { base: ["This link has expired."] }, reason: "expired" }]);
  });
});
