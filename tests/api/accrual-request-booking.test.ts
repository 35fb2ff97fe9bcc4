/**
 * Booking a request made on its own (docs/portal.md "Accrual requests"): POST /api/accrual_requests/{id}/book
 * turns the vendor's answered amount into one APPROVED accrual, as a blast's booking does, closes the
 * request and withdraws its link, in one transaction. Refused: before the answer, a "no accrual needed"
 * answer, a blast's request, a second booking (409, nothing created); a role without the asking keys and
 * the vendor (403); another company (404).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

let acme = 0;
let northwind = 0;
let admin: Record<string, string> = {};
let vendor: Record<string, string> = {};
/** answered with an amount; answered "no accrual needed"; a blast's answered request */
const r = { amount: 0, none: 0, blast: 0 };
/** request id → the token of its private link */
const tokens = new Map<number, string>();

const call = (method: "GET" | "POST", url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const book = (id: number, headers: Record<string, string>) => call("POST", `/api/accrual_requests/${id}/book`, headers);
const accrualsOf = (requestId: number) => h.database.db.selectFrom("accruals").selectAll().where("accrual_request_id", "=", requestId).execute();
const requestRow = (id: number) => h.database.db.selectFrom("accrual_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A request on its own for Northwind, sent (its private link's token kept) and, with `answer`, answered in the portal. */
async function request(answer?: object): Promise<number> {
  const created = await call("POST", "/api/accrual_requests", admin, { vendor_id: northwind, start_date: "2026-10-01", end_date: "2026-10-31", service_date: "2026-10-31" });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  expect((await call("POST", `/api/accrual_requests/${id}/send`, admin)).statusCode).toBe(200);
  const mail = await h.database.db.selectFrom("mail_messages").select("text").where("related_type", "=", "AccrualRequest").where("related_id", "=", id).executeTakeFirstOrThrow();
  tokens.set(id, /\/private\/([A-Za-z0-9_-]+)\/accruals/.exec(String(mail.text))?.[1] ?? "");
  if (answer) expect((await call("POST", `/api/portal/accrual_requests/${id}/submit_accrual`, vendor, answer)).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  admin = await h.login("admin@acme.test", acme);
  vendor = await h.login("vendor@northwind.test", acme);
  northwind = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  r.none = await request({ no_accrual_needed: true });
  r.amount = await request({ amount: "845.30", description: "October maintenance", end_date: "2026-10-25" });
  // a blast's request, answered: its blast books it
  const blast = await call("POST", "/api/accrual_blasts", admin, { label: "October accruals", start_date: "2026-10-01", end_date: "2026-10-31", accrual_option: "Vendor" });
  const blastId = blast.json().data.id as number;
  expect((await call("POST", "/api/accrual_entries", admin, { accrual_blast_id: blastId, vendor_id: northwind })).statusCode).toBe(201);
  expect((await call("POST", `/api/accrual_blasts/${blastId}/send`, admin)).statusCode).toBe(200);
  r.blast = (await h.database.db.selectFrom("accrual_requests").select("id").where("accrual_blast_id", "=", blastId).executeTakeFirstOrThrow()).id;
  expect((await call("POST", `/api/portal/accrual_requests/${r.blast}/submit_accrual`, vendor, { amount: "10.00" })).statusCode).toBe(200);
});

describe("booking a request made on its own", () => {
  it("refuses a role without the asking keys and the vendor (403), another company (404): nothing is created", async () => {
    for (const email of ["approver@acme.test", "readonly@acme.test", "staff@acme.test"]) {
      expect((await book(r.amount, await h.login(email, acme))).statusCode, email).toBe(403);
    }
    expect((await book(r.amount, vendor)).statusCode).toBe(403);
    expect((await call("POST", `/api/portal/accrual_requests/${r.amount}/book`, vendor)).statusCode).toBe(404);
    expect((await book(r.amount, await h.login("admin@globex.test"))).statusCode).toBe(404);
    expect(await accrualsOf(r.amount)).toEqual([]);
    expect(await requestRow(r.amount)).toMatchObject({ status: "SUBMITTED", accrual_id: null });
  });

  it("refuses a request not answered yet, a 'no accrual needed' answer and a blast's request (409, plain words)", async () => {
    const waiting = await request();
    for (const id of [waiting, r.none, r.blast]) {
      const refused = await book(id, admin);
      expect(refused.statusCode, String(id)).toBe(409);
      expect(refused.json().errors.base[0]).toMatch(/cannot be booked: only a request made on its own, answered with an amount/);
      expect(await accrualsOf(id)).toEqual([]);
    }
    expect(await requestRow(r.none)).toMatchObject({ status: "SUBMITTED", no_accrual_needed: true, accrual_id: null });
    // the page offers no button where the server refuses: the action's `when` is the one both read
    const shown = (await call("GET", `/api/accrual_requests/${r.none}`, admin)).json().data;
    expect(shown).toMatchObject({ status: "SUBMITTED", no_accrual_needed: true, accrual_blast_id: null });
  });

  it("creates one APPROVED accrual from the answer, closes the request and withdraws its link", async () => {
    const link = (await call("GET", `/api/private/${tokens.get(r.amount)}/accruals`)).statusCode;
    const booked = await book(r.amount, admin);
    expect(booked.statusCode).toBe(200);
    const accruals = await accrualsOf(r.amount);
    expect(accruals).toHaveLength(1);
    const contact = await h.database.db.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id").select("c.id")
      .where("c.company_id", "=", acme).where("u.email", "=", "vendor@northwind.test").executeTakeFirstOrThrow();
    expect(accruals[0]).toMatchObject({
      vendor_id: northwind, amount: "845.30", balance: "845.30", status: "APPROVED", currency_code: "USD", date: "2026-10-25",
      description: "October maintenance", accrual_type: "Vendor", submitter_type: "VENDOR", submitter_contact_id: contact.id, accrual_blast_id: null,
    });
    expect(booked.json().data).toMatchObject({ id: r.amount, status: "CLOSED", accrual_id: accruals[0].id, accrual: { number: accruals[0].number, amount: "845.30" } });
    // the vendor sees the request booked, with its accrual
    const portal = (await call("GET", `/api/portal/accrual_requests/${r.amount}`, vendor)).json().data;
    expect(portal).toMatchObject({ status: "CLOSED", accrual: { number: accruals[0].number, amount: "845.30", status: "APPROVED" } });
    expect((await call("GET", `/api/portal/accruals/${accruals[0].id}`, vendor)).statusCode).toBe(200);
    // the link the vendor answered through is withdrawn (it was open before)
    expect(link).toBe(200);
    const after = await call("GET", `/api/private/${tokens.get(r.amount)}/accruals`);
    expect(after.statusCode).toBe(410);
    // audited: the action, the accrual created, the request closed
    const activities = await h.database.db.selectFrom("activities").select(["event", "item_type", "item_id", "changes"]).where("company_id", "=", acme)
      .where((a) => a.or([a.and([a("item_type", "=", "accrual_requests"), a("item_id", "=", r.amount)]), a.and([a("item_type", "=", "accruals"), a("item_id", "=", accruals[0].id)])]))
      .orderBy("id").execute();
    expect(activities.slice(-3).map((a) => [a.event, a.item_type, a.changes])).toEqual([
      ["update", "accrual_requests", { action: "book" }],
      ["create", "accruals", expect.objectContaining({ amount: "845.30", accrual_request_id: r.amount, booked: true })],
      ["update", "accrual_requests", { status: "CLOSED", booked: accruals[0].number }],
    ]);
  });

  it("refuses booking twice (409) and creates nothing more", async () => {
    const again = await book(r.amount, admin);
    expect(again.statusCode).toBe(409);
    expect(await accrualsOf(r.amount)).toHaveLength(1);
  });
});
