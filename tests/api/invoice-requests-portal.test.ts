/**
 * Invoice requests out to the vendor and the invoice back (issue 13): sending e-mails the vendor's
 * contact an outbound link (and, to a contact without a login, its invitation), resending and the
 * token toggle revoke or reissue it, the public landing says why a link is refused; the vendor
 * submits the invoice through the portal action `submit_invoice`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";
import { multipart } from "./multipart.js";
import { exe, pdf } from "./uploads.js";

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
    expect(opened.json().data).toMatchObject({ purpose: "invoice_request", record: { type: "InvoiceRequest", id: request.id }, company_id: acme });
    const invite = inviteLink(mail.text)!;
    expect(decodeURIComponent(invite[2])).toBe(`/vendor_portal/submit_invoice/${request.id}?company_id=${acme}`);
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

  it("a contact whose address already signs in elsewhere is invited to accept, then reads the request in the portal", async () => {
    const email = "admin@globex.test";
    const contactId = await newContact(email);
    const request = (await call("POST", "/api/invoice_requests", { vendor_id: vendorId, contact_id: contactId, status: "SENT" })).body.data;
    const [mail] = await mailsTo(email);
    expect(mail.text).toContain("You already sign in to Outlay. Accept the invitation here first");
    const invite = inviteLink(mail.text)!;
    expect((await h.app.inject({ url: `/api/users/set_password/${invite[1]}` })).json().data).toMatchObject({ purpose: "invitation", has_password: true, company_name: "Acme Corp" });
    expect((await h.app.inject({ method: "POST", url: "/api/users/set_password", payload: { token: invite[1] } })).statusCode).toBe(200);
    const portal = await h.app.inject({ url: `/api/portal/invoice_requests/${request.id}`, headers: await h.login(email, acme) });
    expect(portal.statusCode, portal.body).toBe(200);
    // still Globex's administrator there
    expect((await h.app.inject({ url: "/api/users/current", headers: await h.login(email, await h.companyId("Globex Ltd")) })).json().data.role).toBe("admin");
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

describe("the vendor submits the invoice (portal action submit_invoice)", () => {
  let northwind = 0;
  let vendor: Record<string, string> = {};
  let ownOrder = 0;
  let otherOrder = 0;

  beforeAll(async () => {
    northwind = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
    vendor = await h.login("vendor@northwind.test", acme);
    ownOrder = (await h.database.db.selectFrom("purchase_orders").select("id").where("vendor_id", "=", northwind).orderBy("id").executeTakeFirstOrThrow()).id;
    otherOrder = (await h.database.db.selectFrom("purchase_orders").select("id").where("company_id", "=", acme).where("vendor_id", "<>", northwind).orderBy("id").executeTakeFirstOrThrow()).id;
  });

  /** A request to Northwind, sent (to vendor@northwind.test, its INVOICE_REQUEST contact). */
  const aRequest = async (extra: Json = {}) => {
    const created = await call("POST", "/api/invoice_requests", { vendor_id: northwind, status: "SENT", ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };

  async function submit(id: number, fields: Record<string, string>, file: { name: string; content: Buffer } = { name: "invoice.pdf", content: pdf("invoice") }, headers = vendor, extra: Record<string, string> = {}) {
    const body = await multipart(fields, { ...file, type: "application/pdf" });
    const response = await h.app.inject({ method: "POST", url: `/api/portal/invoice_requests/${id}/submit_invoice`, payload: body.payload, headers: { ...headers, ...body.headers, ...extra } });
    return { status: response.statusCode, body: response.json() as Json };
  }
  const fields = (number: string, extra: Record<string, string> = {}) => ({ number, date: "2026-03-31", amount: "1234.50", description: "March services", ...extra });

  it("creates the invoice NEW from the vendor with the PDF attached, and answers the request SUBMITTED", async () => {
    const id = await aRequest();
    const mailed = requestToken((await mailsTo("vendor@northwind.test"))[0].text);
    const answer = await submit(id, fields("NW-2026-031", { purchase_order_id: String(ownOrder) }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ id, status: "SUBMITTED", invoice: { number: "NW-2026-031", status: "NEW" } });
    const invoiceId = answer.body.data.invoice.id as number;

    const invoice = await h.database.db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirstOrThrow();
    const terms = await h.database.db.selectFrom("vendors").select(["term_code", "currency_code"]).where("id", "=", northwind).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      status: "NEW", submitter_type: "VENDOR", vendor_id: northwind, currency_code: terms.currency_code, amount: "1234.50",
      balance_outstanding: "1234.50", purchase_order_ids: [ownOrder], description: "March services", company_id: acme,
    });
    const days = Number(/NET (\d+)/.exec(terms.term_code)?.[1] ?? 0);
    expect(String(invoice.due_date).slice(0, 10)).toBe(new Date(Date.UTC(2026, 2, 31 + days)).toISOString().slice(0, 10));

    // staff: in the new inbox, submitted by the vendor, with its PDF
    const inbox = await call("GET", `/api/invoices_new_inbox?id=${invoiceId}`);
    expect(inbox.body.data).toHaveLength(1);
    expect(inbox.body.data[0].submitter_type).toBe("VENDOR");
    const shown = (await call("GET", `/api/invoices/${invoiceId}`)).body.data;
    expect(shown.documents).toHaveLength(1);
    expect(shown.documents[0]).toMatchObject({ asset_file_file_name: "invoice.pdf", content_type: "application/pdf" });
    const file = await h.app.inject({ url: `/api/documents/${shown.documents[0].id}/file`, headers: await h.login("admin@acme.test") });
    expect(file.rawPayload.toString("latin1")).toContain("% invoice");
    // the vendor reads it in the portal; the request's link is spent
    expect((await h.app.inject({ url: `/api/portal/invoices/${invoiceId}`, headers: vendor })).json().data).toMatchObject({ status: "NEW", submitter_type: "VENDOR" });
    expect((await landing(mailed)).json().reason).toBe("revoked");

    // answered once
    const again = await submit(id, fields("NW-2026-032"));
    expect(again.status).toBe(409);
    expect(await h.database.db.selectFrom("invoices").select("id").where("number", "=", "NW-2026-032").execute()).toEqual([]);
    // the staff may not switch the link of an answered request back on
    expect((await call("PATCH", `/api/invoice_requests/${id}`, { has_token: "INACTIVE" })).status).toBe(422);
  });

  it("refuses a withdrawn link (409), another vendor's request (404), staff (403)", async () => {
    const withdrawn = await aRequest();
    await call("PATCH", `/api/invoice_requests/${withdrawn}`, { has_token: "INACTIVE" });
    expect((await submit(withdrawn, fields("NW-W-1"))).status).toBe(409);

    const strangers = (await call("POST", "/api/invoice_requests", { vendor_id: otherVendorId })).body.data.id as number;
    expect((await submit(strangers, fields("NW-S-1"))).status).toBe(404);
    expect((await submit(await aRequest(), fields("NW-S-2"), undefined, await h.login("admin@acme.test"))).status).toBe(403);
  });

  it("refuses bad input with plain words per field, and keeps nothing", async () => {
    const id = await aRequest();
    const before = await h.database.db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const documents = await h.database.db.selectFrom("stored_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const cases: [Record<string, string>, { name: string; content: Buffer } | undefined, string][] = [
      [fields("NW-B-1", { purchase_order_id: String(otherOrder) }), undefined, "purchase_order_id"],
      [fields("NW-B-2", { amount: "12.345" }), undefined, "amount"],
      [fields("NW-B-3", { amount: "0" }), undefined, "amount"],
      [fields("NW-B-4", { date: "2026-02-30" }), undefined, "date"],
      [fields(""), undefined, "number"],
      [fields("NW-B-5"), { name: "invoice.png", content: pdf("not an image") }, "file"],
      [fields("NW-B-6"), { name: "invoice.pdf", content: exe }, "file"],
    ];
    for (const [input, file, field] of cases) {
      const refused = await submit(id, input, file);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], JSON.stringify(input)).toEqual([422, [field]]);
    }
    // a number the vendor already used with this purchaser
    const used = (await h.database.db.selectFrom("invoices").select("number").where("vendor_id", "=", northwind).orderBy("id").executeTakeFirstOrThrow()).number;
    const duplicate = await submit(id, fields(used));
    // the same number normalized (issue 30): the 422 names the invoice already entered
    expect([duplicate.status, Object.keys(duplicate.body.errors)]).toEqual([422, ["number"]]);
    expect(duplicate.body.errors.number[0]).toContain(`duplicates invoice ${String(used)} (id `);

    expect(await h.database.db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).toEqual(before);
    expect(await h.database.db.selectFrom("stored_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).toEqual(documents);
    const request = await h.database.db.selectFrom("invoice_requests").select(["status", "invoice_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(request).toEqual({ status: "SENT", invoice_id: null });
  });

  it("is idempotent: a replay with the same Idempotency-Key answers the first submission", async () => {
    const id = await aRequest();
    const key = { "idempotency-key": `submit-${id}` };
    const first = await submit(id, fields("NW-I-1"), undefined, vendor, key);
    const replay = await submit(id, fields("NW-I-1"), undefined, vendor, key);
    expect(first.status).toBe(200);
    expect(replay).toEqual(first);
    expect(await h.database.db.selectFrom("invoices").select("id").where("number", "=", "NW-I-1").execute()).toHaveLength(1);
  });
});
