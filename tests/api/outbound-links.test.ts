/**
 * Outbound links (src/server/links): a token opens its one record for its one purpose until it
 * expires or is revoked; only the hash is stored; the public route refuses with a plain reason.
 */
import { describe, expect, it } from "vitest";
import { tokenHash } from "../../src/server/domain/identity/tokens.js";
import { issueLink, resolveLink, revokeLinks } from "../../src/server/links/links.js";
import { deliverMail } from "../../src/server/mail/deliver.js";
import { writeOutbox } from "../../src/server/mail/outbox.js";
import { useApp } from "./harness.js";

const h = useApp();

async function issuer() {
  const companyId = await h.companyId("Acme Corp");
  const user = await h.database.db.selectFrom("users").select("id").orderBy("id").executeTakeFirstOrThrow();
  return { company: { id: companyId }, user: { id: user.id as number } } as never;
}

const record = { type: "invoice_requests", id: 7 };

describe("outbound links", () => {
  it("issues a token that resolves to its record for its purpose; the table holds only the hash", async () => {
    const ctx = await issuer();
    const token = await issueLink(h.database.db, ctx, { purpose: "invoice_request", record, expiresIn: 3600 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resolved = await resolveLink(h.database.db, token, "invoice_request");
    expect(resolved).toMatchObject({ record, companyId: await h.companyId("Acme Corp") });
    const stored = await h.database.db.selectFrom("outbound_links").selectAll().where("token_hash", "=", tokenHash(token)).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const response = await h.app.inject({ method: "GET", url: `/api/public/links/invoice_request/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ purpose: "invoice_request", record });
  });

  it("refuses a token of another purpose, a tampered token and an unknown purpose as unknown", async () => {
    const token = await issueLink(h.database.db, await issuer(), { purpose: "invoice_request", record, expiresIn: 3600 });
    expect(await resolveLink(h.database.db, token, "password_reset")).toEqual({ refused: "unknown" });
    const tampered = (token[0] === "A" ? "B" : "A") + token.slice(1);
    expect(await resolveLink(h.database.db, tampered, "invoice_request")).toEqual({ refused: "unknown" });
    for (const url of [`/api/public/links/password_reset/${token}`, `/api/public/links/invoice_request/${tampered}`, `/api/public/links/nonsense/${token}`]) {
      const response = await h.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errors: { base: ["This link is not valid."] }, reason: "unknown" });
    }
  });

  it("refuses an expired link with 410 and its reason", async () => {
    const token = await issueLink(h.database.db, await issuer(), { purpose: "password_reset", record: { type: "users", id: 1 }, expiresIn: -1 });
    expect(await resolveLink(h.database.db, token, "password_reset")).toEqual({ refused: "expired" });
    const response = await h.app.inject({ method: "GET", url: `/api/public/links/password_reset/${token}` });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ errors: { base: ["This link has expired."] }, reason: "expired" });
  });

  it("revokes every live link of a record and purpose, and only those", async () => {
    const ctx = await issuer();
    const companyId = await h.companyId("Acme Corp");
    const target = { type: "accrual_requests", id: 42 };
    const first = await issueLink(h.database.db, ctx, { purpose: "accrual_request", record: target, expiresIn: 3600 });
    const second = await issueLink(h.database.db, ctx, { purpose: "accrual_request", record: target, expiresIn: 3600 });
    const other = await issueLink(h.database.db, ctx, { purpose: "message", record: target, expiresIn: 3600 });
    expect(await revokeLinks(h.database.db, companyId, target, "accrual_request")).toBe(2);
    expect(await resolveLink(h.database.db, first, "accrual_request")).toEqual({ refused: "revoked" });
    expect(await resolveLink(h.database.db, second, "accrual_request")).toEqual({ refused: "revoked" });
    expect(await resolveLink(h.database.db, other, "message")).toMatchObject({ record: target });
    const response = await h.app.inject({ method: "GET", url: `/api/public/links/accrual_request/${first}` });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ errors: { base: ["This link has been withdrawn."] }, reason: "revoked" });
  });
});

describe("private links of vendors", () => {
  it("a message goes out by e-mail with its /private link, which shows it without an account", async () => {
    const acme = await h.companyId("Acme Corp");
    const vendor = await h.database.db.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", acme).where("email", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    const created = await h.app.inject({ method: "POST", url: "/api/messages", headers: await h.login("admin@acme.test"), payload: { vendor_id: vendor.id, subject: "W-9 needed", body: "Please send your W-9." } });
    expect(created.statusCode, created.body).toBe(201);
    const message = await h.database.db.selectFrom("messages").select(["status", "sent_at", "to_email"]).where("id", "=", created.json().data.id).executeTakeFirstOrThrow();
    // no mail server here (the embedded default): the mail is kept in the app, and the message says so
    expect(message.status).toBe("withheld");
    expect(message.sent_at).toBeNull();
    const mail = await h.database.db.selectFrom("mail_messages").select("text").where("to", "=", message.to_email!).where("subject", "=", "W-9 needed").executeTakeFirstOrThrow();
    const token = /\/private\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] ?? "";

    const opened = await h.app.inject({ url: `/api/private/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ subject: "W-9 needed", body: "Please send your W-9.", vendor_name: vendor.name, company_name: "Acme Corp" });
    expect((await h.database.db.selectFrom("messages").select("status").where("id", "=", created.json().data.id).executeTakeFirstOrThrow()).status).toBe("opened");
    // a message link opens no accrual request, a made-up one nothing
    expect((await h.app.inject({ url: `/api/private/${token}/accruals` })).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/api/private/${"x".repeat(43)}` })).statusCode).toBe(404);
    await revokeLinks(h.database.db, acme, { type: "Message", id: created.json().data.id as number }, "message");
    expect((await h.app.inject({ url: `/api/private/${token}` })).statusCode).toBe(410);
  });

  it("a vendor answers a message through its link: the answer is on the message and its sender is told", async () => {
    const acme = await h.companyId("Acme Corp");
    const vendor = await h.database.db.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", acme).where("email", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    const admin = await h.login("admin@acme.test");
    const created = await h.app.inject({ method: "POST", url: "/api/messages", headers: admin, payload: { vendor_id: vendor.id, subject: "Bank letter", body: "Please send a bank letter." } });
    const id = created.json().data.id as number;
    const mail = await h.database.db.selectFrom("mail_messages").select("text").where("subject", "=", "Bank letter").where("related_id", "=", id).executeTakeFirstOrThrow();
    const token = /\/private\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] ?? "";

    const blank = await h.app.inject({ method: "POST", url: `/api/private/${token}`, payload: { body: "   " } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ body: ["can't be blank"] });
    const answered = await h.app.inject({ method: "POST", url: `/api/private/${token}`, payload: { body: "  Attached to our next invoice.  " } });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().data).toMatchObject({ body: "Attached to our next invoice." });

    const shown = (await h.app.inject({ url: `/api/messages/${id}`, headers: admin })).json().data;
    expect(shown.replies.map((r: { body: string }) => r.body)).toEqual(["Attached to our next invoice."]);
    const adminUser = await h.database.db.selectFrom("users").select("id").where("email", "=", "admin@acme.test").executeTakeFirstOrThrow();
    const told = await h.database.db.selectFrom("notifications").select(["title", "link"]).where("user_id", "=", adminUser.id).where("link", "=", `/messages/${id}`).execute();
    expect(told).toEqual([{ title: `${vendor.name} answered "Bank letter"`, link: `/messages/${id}` }]);
    expect(await h.database.db.selectFrom("mail_messages").select("id").where("to", "=", "admin@acme.test").where("subject", "=", `${vendor.name} answered "Bank letter"`).execute()).toHaveLength(1);
    // another company sees no answer of Acme's; a withdrawn link takes none
    expect((await h.app.inject({ url: `/api/message_replies?message_id=${id}`, headers: await h.login("admin@globex.test") })).json().data).toEqual([]);
    await revokeLinks(h.database.db, acme, { type: "Message", id }, "message");
    expect((await h.app.inject({ method: "POST", url: `/api/private/${token}`, payload: { body: "again" } })).statusCode).toBe(410);
    expect((await h.app.inject({ method: "POST", url: `/api/private/${"x".repeat(43)}`, payload: { body: "hello" } })).statusCode).toBe(404);
  });

  it("a message follows its mail: not sent until a server takes it, sent, bounced when refused for good; opened is kept", async () => {
    const acme = await h.companyId("Acme Corp");
    const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("email", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    const message = async (subject: string) => (await h.database.db.insertInto("messages").values({ company_id: acme, vendor_id: vendor.id, subject, body: "b", to_email: "v@vendor.test", status: "not sent" })
      .returning("id").executeTakeFirstOrThrow()).id;
    const statusOf = async (id: number) => (await h.database.db.selectFrom("messages").select(["status", "sent_at"]).where("id", "=", id).executeTakeFirstOrThrow());
    const outbox = (id: number, subject: string) => writeOutbox(h.database.db, acme, [{ to: "v@vendor.test", subject, text: "x", related: { type: "Message", id } }]);
    const transport = (fail?: Error & { responseCode?: number }) => ({ delivered: "sent" as const, transporter: { sendMail: async () => { if (fail) throw fail; } } }) as never;

    const accepted = await message("accepted");
    await deliverMail(h.database.db, { ids: await outbox(accepted, "accepted"), transport: transport() });
    expect(await statusOf(accepted)).toMatchObject({ status: "sent", sent_at: expect.any(Date) });

    const refused = await message("refused");
    const noMailbox = Object.assign(new Error("550 5.1.1 no such user"), { responseCode: 550 });
    const refusedMail = await outbox(refused, "refused");
    await deliverMail(h.database.db, { ids: refusedMail, transport: transport(noMailbox) });
    expect((await statusOf(refused)).status).toBe("bounced");
    // refused for good: not tried again
    expect((await h.database.db.selectFrom("mail_messages").select("status").where("id", "in", refusedMail).executeTakeFirstOrThrow()).status).toBe("failed");

    const outage = await message("outage");
    const down = await outbox(outage, "outage");
    await deliverMail(h.database.db, { ids: down, transport: transport(Object.assign(new Error("connect ECONNREFUSED"), { responseCode: undefined })) });
    expect((await statusOf(outage)).status).toBe("not sent");

    // opened before the mail's fate was known stays opened
    await h.database.db.updateTable("messages").set({ status: "opened" }).where("id", "=", outage).execute();
    await h.database.db.updateTable("mail_messages").set({ next_attempt_at: null }).where("id", "in", down).execute();
    await deliverMail(h.database.db, { ids: down, transport: transport() });
    expect((await statusOf(outage)).status).toBe("opened");
  });

  it("a message created again with the same Idempotency-Key (the answer was lost) is created and e-mailed once", async () => {
    const acme = await h.companyId("Acme Corp");
    const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("email", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    const headers = { ...(await h.login("admin@acme.test")), "idempotency-key": "message-1099-reminder" };
    const payload = { vendor_id: vendor.id, subject: "1099 reminder", body: "Please confirm your address." };
    const first = await h.app.inject({ method: "POST", url: "/api/messages", headers, payload });
    const retry = await h.app.inject({ method: "POST", url: "/api/messages", headers, payload });
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().data.id).toBe(first.json().data.id);
    const mails = await h.database.db.selectFrom("mail_messages").select("id").where("subject", "=", "1099 reminder").execute();
    expect(mails).toHaveLength(1);
    // the same key for another message is refused, not answered with the first
    const other = await h.app.inject({ method: "POST", url: "/api/messages", headers, payload: { ...payload, subject: "Other" } });
    expect(other.statusCode).toBe(422);
  });

  it("an accrual request's link opens it at /private/{token}/accruals", async () => {
    const acme = await h.companyId("Acme Corp");
    const request = await h.database.db.selectFrom("accrual_requests").select(["id", "number"]).where("company_id", "=", acme).orderBy("id").executeTakeFirstOrThrow();
    const token = await issueLink(h.database.db, await issuer(), { purpose: "accrual_request", record: { type: "AccrualRequest", id: request.id }, expiresIn: 3600 });
    const opened = await h.app.inject({ url: `/api/private/${token}/accruals` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ number: request.number, company_name: "Acme Corp" });
    expect((await h.app.inject({ url: `/api/private/${token}` })).statusCode).toBe(404);
  });
});
