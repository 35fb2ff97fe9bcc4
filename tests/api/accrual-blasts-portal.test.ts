/**
 * Accrual blasts out to vendors and their answers back (docs/portal.md "Accrual requests"): send makes
 * one request per vendor not yet asked and e-mails its private link; a vendor answers in the portal or
 * through the link without an account, or says no accrual is needed; the blast's stats follow; booking
 * creates one accrual per answered amount. And the refusals.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

let acme = 0;
let admin: Record<string, string> = {};
let vendor: Record<string, string> = {};
/** Northwind (the portal login's vendor), two vendors answering through their link, one never answering, one without an address */
const v = { northwind: 0, linked: 0, none: 0, silent: 0, unreachable: 0 };
let blastId = 0;
const requestOf: Record<string, { id: number; token: string; text: string }> = {};

const call = (method: "GET" | "POST" | "PATCH", url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function vendorWithContact(companyId: number, skip: number[], email: string | null, roles: string[]): Promise<number> {
  const db = h.database.db;
  const row = await db.selectFrom("vendors").select("id").where("company_id", "=", companyId).where("id", "not in", skip).orderBy("id").executeTakeFirstOrThrow();
  // only the contact given here can be asked: the seed's other contacts of the vendor lose their roles
  await db.updateTable("contacts").set({ vendor_roles: [] }).where("company_id", "=", companyId).where("vendor_id", "=", row.id).execute();
  if (email) {
    await db.insertInto("contacts").values({
      company_id: companyId, first_name: "Accounts", last_name: "Receivable", email, contact_type: "VENDOR", role: null, user_id: null,
      vendor_id: row.id, source: "VENDOR", company_roles: [], vendor_roles: roles, status: "ACTIVE",
    }).execute();
  }
  return row.id;
}

async function mailOf(requestId: number) {
  return h.database.db.selectFrom("mail_messages").selectAll().where("related_type", "=", "AccrualRequest").where("related_id", "=", requestId).orderBy("id").execute();
}

const tokenIn = (text: string) => /\/private\/([A-Za-z0-9_-]+)\/accruals/.exec(text)?.[1] ?? "";

async function blast(): Promise<Record<string, unknown>> {
  return (await call("GET", `/api/accrual_blasts/${blastId}`, admin)).json().data;
}

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  admin = await h.login("admin@acme.test", acme);
  vendor = await h.login("vendor@northwind.test", acme);
  v.northwind = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  v.linked = await vendorWithContact(acme, [v.northwind], "ar@linked.test", ["ACCRUAL_REQUEST"]);
  v.none = await vendorWithContact(acme, [v.northwind, v.linked], "ar@none.test", ["PRIMARY"]);
  v.silent = await vendorWithContact(acme, [v.northwind, v.linked, v.none], "ar@silent.test", ["PRIMARY"]);
  v.unreachable = await vendorWithContact(acme, [v.northwind, v.linked, v.none, v.silent], null, []);
  const created = await call("POST", "/api/accrual_blasts", admin, { label: "November accruals", start_date: "2026-11-01", end_date: "2026-11-30", accrual_option: "Vendor" });
  expect(created.statusCode).toBe(201);
  blastId = created.json().data.id;
  for (const vendorId of Object.values(v)) {
    expect((await call("POST", "/api/accrual_entries", admin, { accrual_blast_id: blastId, vendor_id: vendorId })).statusCode).toBe(201);
  }
});

describe("sending a blast", () => {
  it("refuses a vendor on the staff paths (403)", async () => {
    expect((await call("POST", `/api/accrual_blasts/${blastId}/send`, vendor)).statusCode).toBe(403);
  });

  it("creates one request per vendor with an address, e-mails each its private link and names the vendor it skipped", async () => {
    const response = await call("POST", `/api/accrual_blasts/${blastId}/send`, admin);
    expect(response.statusCode).toBe(200);
    const answer = response.json().data;
    expect(answer.sent).toHaveLength(4);
    expect(answer.skipped).toEqual([expect.objectContaining({ vendor_id: v.unreachable })]);
    const requests = await h.database.db.selectFrom("accrual_requests").selectAll().where("accrual_blast_id", "=", blastId).execute();
    expect(requests.map((r) => r.vendor_id).sort()).toEqual([v.northwind, v.linked, v.none, v.silent].sort());
    for (const [name, vendorId] of Object.entries(v)) {
      const request = requests.find((r) => r.vendor_id === vendorId);
      if (!request) continue;
      // the test server keeps mail in the app: withheld (mail/deliver.ts)
      expect(request).toMatchObject({ status: "SENT", message_status: "withheld", start_date: "2026-11-01", end_date: "2026-11-30", token: null });
      const mails = await mailOf(request.id);
      expect(mails).toHaveLength(1);
      const text = String(mails[0].text);
      // the portal page names the purchaser: a vendor of several lands on this one whichever it chose last
      expect(text).toContain(`/vendor_portal/submit_accrual/${request.id}?company_id=${acme}`);
      requestOf[name] = { id: request.id, token: tokenIn(text), text };
      expect(requestOf[name].token.length).toBeGreaterThan(20);
    }
    expect((await mailOf(requestOf.linked.id))[0].to).toBe("ar@linked.test");
    const entries = await h.database.db.selectFrom("accrual_entries").select(["vendor_id", "status"]).where("accrual_blast_id", "=", blastId).execute();
    expect(entries.find((e) => e.vendor_id === v.unreachable)?.status).toBe("NEW");
    expect(entries.filter((e) => e.status === "SENT")).toHaveLength(4);
    expect(await blast()).toMatchObject({ stats_vendor_count: 5, stats_accrual_response: 0, accruals_booked_amount: "0.00" });
  });

  it("sends again only to vendors not yet asked", async () => {
    const again = (await call("POST", `/api/accrual_blasts/${blastId}/send`, admin)).json().data;
    expect(again.sent).toEqual([]);
    expect(await mailOf(requestOf.linked.id)).toHaveLength(1);
  });
});

describe("answering through the private link, without an account", () => {
  const answer = (token: string, payload: unknown) => call("POST", `/api/private/${token}/accruals`, {}, payload);

  it("shows the request, open to an answer", async () => {
    const opened = await call("GET", `/api/private/${requestOf.linked.token}/accruals`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ status: "SENT", answerable: true, response_amount: null });
    const request = await h.database.db.selectFrom("accrual_requests").select("message_status").where("id", "=", requestOf.linked.id).executeTakeFirstOrThrow();
    expect(request.message_status).toBe("opened");
  });

  it("refuses a bad amount per field (422) and unknown links (404)", async () => {
    for (const amount of ["0", "-5.00", "abc", null]) {
      const refused = await answer(requestOf.linked.token, { amount, description: "x" });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(["amount"]);
    }
    expect((await answer(requestOf.linked.token, { amount: "10.00", surprise: true })).statusCode).toBe(422);
    expect((await answer("no-such-token", { amount: "10.00" })).statusCode).toBe(404);
    expect((await answer("no-such-token", { amount: "10.00" })).json().reason).toBe("unknown");
  });

  it("records an amount exactly; the entry is RESPONDED and the answer shows on the page", async () => {
    const answered = await answer(requestOf.linked.token, { amount: "1250.55", description: "Consulting, November", start_date: "2026-11-01", end_date: "2026-11-20" });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ status: "SUBMITTED", answerable: false, response_amount: "1250.55", description: "Consulting, November", end_date: "2026-11-20" });
    const entry = await h.database.db.selectFrom("accrual_entries").selectAll().where("accrual_blast_id", "=", blastId).where("vendor_id", "=", v.linked).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ status: "RESPONDED", response_amount: "1250.55", accrual_id: null });
    const request = await h.database.db.selectFrom("accrual_requests").selectAll().where("id", "=", requestOf.linked.id).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ status: "SUBMITTED", no_accrual_needed: false, responder_contact_id: null });
  });

  it("refuses a second answer (409) and keeps the first", async () => {
    const again = await answer(requestOf.linked.token, { amount: "9.00" });
    expect(again.statusCode).toBe(409);
    expect((await call("GET", `/api/private/${requestOf.linked.token}/accruals`)).json().data.response_amount).toBe("1250.55");
  });

  it("takes \"no accrual needed\" without an amount; the entry is NO ACCRUAL", async () => {
    const answered = await answer(requestOf.none.token, { no_accrual_needed: true });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ status: "SUBMITTED", no_accrual_needed: true, response_amount: null });
    const entry = await h.database.db.selectFrom("accrual_entries").select("status").where("accrual_blast_id", "=", blastId).where("vendor_id", "=", v.none).executeTakeFirstOrThrow();
    expect(entry.status).toBe("NO ACCRUAL");
  });
});

describe("answering in the vendor portal", () => {
  const submit = (id: number, headers: Record<string, string>, payload: unknown) => call("POST", `/api/portal/accrual_requests/${id}/submit_accrual`, headers, payload);

  it("refuses staff (403), another vendor's request (404) and a bad amount (422)", async () => {
    expect((await submit(requestOf.northwind.id, admin, { amount: "1.00" })).statusCode).toBe(403);
    expect((await submit(requestOf.silent.id, vendor, { amount: "1.00" })).statusCode).toBe(404);
    const bad = await submit(requestOf.northwind.id, vendor, { amount: "0.00" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["amount"]);
    expect((await submit(requestOf.northwind.id, vendor, { amount: "1.005" })).statusCode).toBe(422);
  });

  it("records the answer of the signed-in contact; the request reads back answered in the portal", async () => {
    const answered = await submit(requestOf.northwind.id, vendor, { amount: "300.10", description: "Supplies" });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ status: "SUBMITTED", response_amount: "300.10", description: "Supplies" });
    const contact = await h.database.db.selectFrom("contacts").select("id").where("company_id", "=", acme).where("email", "=", "vendor@northwind.test").executeTakeFirstOrThrow();
    const request = await h.database.db.selectFrom("accrual_requests").select(["responder_contact_id", "response_amount"]).where("id", "=", requestOf.northwind.id).executeTakeFirstOrThrow();
    expect(request).toEqual({ responder_contact_id: contact.id, response_amount: "300.10" });
    const entry = await h.database.db.selectFrom("accrual_entries").select("status").where("accrual_blast_id", "=", blastId).where("vendor_id", "=", v.northwind).executeTakeFirstOrThrow();
    expect(entry.status).toBe("RESPONDED");
  });

  it("refuses a second answer (409), in the portal as through the link", async () => {
    expect((await submit(requestOf.northwind.id, vendor, { amount: "5.00" })).statusCode).toBe(409);
    expect((await call("POST", `/api/private/${requestOf.northwind.token}/accruals`, {}, { no_accrual_needed: true })).statusCode).toBe(409);
  });

  it("refuses answers once the blast is CLOSED (409), through both doors", async () => {
    const other = (await call("POST", "/api/accrual_blasts", admin, { label: "Closed early", start_date: "2026-12-01", end_date: "2026-12-31", accrual_option: "Vendor" })).json().data.id;
    await call("POST", "/api/accrual_entries", admin, { accrual_blast_id: other, vendor_id: v.northwind });
    await call("POST", `/api/accrual_blasts/${other}/send`, admin);
    const request = await h.database.db.selectFrom("accrual_requests").select("id").where("accrual_blast_id", "=", other).executeTakeFirstOrThrow();
    const token = tokenIn(String((await mailOf(request.id))[0].text));
    expect((await call("POST", `/api/accrual_blasts/${other}/close`, admin)).statusCode).toBe(200);
    const portal = await submit(request.id, vendor, { amount: "5.00" });
    expect(portal.statusCode).toBe(409);
    expect(portal.json().errors.base[0]).toMatch(/is CLOSED/);
    expect((await call("POST", `/api/private/${token}/accruals`, {}, { amount: "5.00" })).statusCode).toBe(409);
    expect((await call("GET", `/api/private/${token}/accruals`)).json().data.answerable).toBe(false);
  });
});

describe("booking", () => {
  it("has the stats of the answers and books nothing before booking", async () => {
    expect(await blast()).toMatchObject({ stats_vendor_count: 5, stats_accrual_response: 3, accruals_booked_amount: "0.00" });
    const accruals = await h.database.db.selectFrom("accruals").select("id").where("accrual_blast_id", "=", blastId).execute();
    expect(accruals).toEqual([]);
  });

  it("refuses a vendor on the staff path (403)", async () => {
    expect((await call("POST", `/api/accrual_blasts/${blastId}/book`, vendor)).statusCode).toBe(403);
  });

  it("creates one accrual per answered amount, none for no accrual needed, and the stats follow", async () => {
    const booked = await call("POST", `/api/accrual_blasts/${blastId}/book`, admin);
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data).toMatchObject({ status: "BOOKED", stats_vendor_count: 5, stats_accrual_response: 3, accruals_booked_amount: "1550.65" });
    const accruals = await h.database.db.selectFrom("accruals").selectAll().where("accrual_blast_id", "=", blastId).orderBy("amount").execute();
    expect(accruals.map((a) => [a.vendor_id, a.amount, a.balance, a.status, a.submitter_type])).toEqual([
      [v.northwind, "300.10", "300.10", "APPROVED", "VENDOR"],
      [v.linked, "1250.55", "1250.55", "APPROVED", "VENDOR"],
    ]);
    expect(accruals[1]).toMatchObject({ accrual_request_id: requestOf.linked.id, date: "2026-11-20", description: "Consulting, November" });
    const entries = await h.database.db.selectFrom("accrual_entries").select(["vendor_id", "accrual_id"]).where("accrual_blast_id", "=", blastId).execute();
    expect(entries.find((e) => e.vendor_id === v.linked)?.accrual_id).toBe(accruals[1].id);
    expect(entries.find((e) => e.vendor_id === v.none)?.accrual_id).toBeNull();
    const request = await h.database.db.selectFrom("accrual_requests").select(["status", "accrual_id"]).where("id", "=", requestOf.linked.id).executeTakeFirstOrThrow();
    expect(request).toEqual({ status: "CLOSED", accrual_id: accruals[1].id });
  });

  it("refuses booking twice (409) and creates nothing more", async () => {
    expect((await call("POST", `/api/accrual_blasts/${blastId}/book`, admin)).statusCode).toBe(409);
    expect(await h.database.db.selectFrom("accruals").select("id").where("accrual_blast_id", "=", blastId).execute()).toHaveLength(2);
  });

  it("refuses an answer after booking: the unanswered vendor's link is withdrawn (410)", async () => {
    const late = await call("POST", `/api/private/${requestOf.silent.token}/accruals`, {}, { amount: "5.00" });
    expect(late.statusCode).toBe(410);
    expect(late.json().reason).toBe("revoked");
  });
});

describe("a request on its own", () => {
  let requestId = 0;

  it("is created by staff, sent, and resent with a new link (the old one withdrawn)", async () => {
    const created = await call("POST", "/api/accrual_requests", admin, { vendor_id: v.linked, start_date: "2026-10-01", end_date: "2026-10-31" });
    expect(created.statusCode).toBe(201);
    requestId = created.json().data.id;
    expect(created.json().data).toMatchObject({ status: "NEW", number: expect.stringMatching(/^AR-/) });
    expect((await call("POST", `/api/accrual_requests/${requestId}/send`, vendor)).statusCode).toBe(403);
    expect((await call("POST", `/api/accrual_requests/${requestId}/send`, admin)).statusCode).toBe(200);
    expect((await call("POST", `/api/accrual_requests/${requestId}/send`, admin)).statusCode).toBe(200);
    const mails = await mailOf(requestId);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => tokenIn(String(m.text)));
    expect(first).not.toBe(second);
    const old = await call("GET", `/api/private/${first}/accruals`);
    expect(old.statusCode).toBe(410);
    expect((await call("GET", `/api/private/${second}/accruals`)).json().data).toMatchObject({ status: "SENT", answerable: true });
  });

  it("refuses sending to a vendor without an address (422, plain words)", async () => {
    const created = await call("POST", "/api/accrual_requests", admin, { vendor_id: v.unreachable });
    const sent = await call("POST", `/api/accrual_requests/${created.json().data.id}/send`, admin);
    expect(sent.statusCode).toBe(422);
    expect(sent.json().errors.vendor_id[0]).toMatch(/no contact with an e-mail address/);
  });
});
