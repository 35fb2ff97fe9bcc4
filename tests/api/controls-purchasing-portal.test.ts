/**
 * Controls of the vendor portal and of purchasing, probed as an attacker and a careless colleague
 * (docs/portal.md and docs/purchasing.md "Controls"): another vendor's or purchaser's records by id,
 * a contact switched off, fields a client must not write, links of another purpose, two requests at
 * once where only one may win, and strangers on every write path. Each test asserts the refusal and
 * that nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalActionPath } from "../../src/framework/resource.js";
import { resourceByName } from "../../resources/index.js";
import { issueLink } from "../../src/server/links/links.js";
import { startPunchoutSupplier, type TestSupplier } from "../support/punchout-supplier.js";
import { useApp } from "./harness.js";
import { multipart } from "./multipart.js";
import { poFixtures, type Json } from "./po-fixtures.js";
import { exe, pdf } from "./uploads.js";

const h = useApp();
const { call, oneApprover, approve, approvedOrder } = poFixtures(h);
const db = () => h.database.db;

let acme = 0;
let globex = 0;
/** Northwind Supplies at Acme and at Globex (the demo vendor login is a contact of both) */
const northwind = { acme: 0, globex: 0 };
/** another vendor of Acme */
let otherVendor = 0;

const inject = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string>, payload?: unknown) => {
  const response = await h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Json };
};
const vendorAt = (company: number) => h.login("vendor@northwind.test", company);

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  globex = await h.companyId("Globex Ltd");
  const northwindOf = async (company: number) => (await db().selectFrom("vendors").select("id").where("company_id", "=", company).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  northwind.acme = await northwindOf(acme);
  northwind.globex = await northwindOf(globex);
  otherVendor = (await db().selectFrom("vendors").select("id").where("company_id", "=", acme).where("id", "<>", northwind.acme).orderBy("id").executeTakeFirstOrThrow()).id;
  await oneApprover();
});

/** A row's columns straight from the table (past the API), to prove nothing changed. */
const rowOf = (table: "purchase_orders" | "invoice_requests" | "accrual_requests" | "po_items" | "payment_methods" | "vendors", id: number) =>
  db().selectFrom(table).selectAll().where("id", "=", id).executeTakeFirstOrThrow() as Promise<Json>;

describe("the portal: another vendor's or purchaser's records", () => {
  it("404 on Globex's records with the Acme header and on Acme's with the Globex header, for every portal action", async () => {
    const acmeOrder = await approvedOrder(northwind.acme);
    const globexOrder = (await db().selectFrom("purchase_orders").select("id").where("company_id", "=", globex).where("vendor_id", "=", northwind.globex)
      .where("status", "in", ["APPROVED", "OPEN"]).orderBy("id").executeTakeFirst())?.id;
    const atAcme = await vendorAt(acme);
    const atGlobex = await vendorAt(globex);
    expect((await inject("POST", `/api/portal/purchase_orders/${acmeOrder.id}/acknowledge`, atGlobex)).status).toBe(404);
    if (globexOrder) expect((await inject("POST", `/api/portal/purchase_orders/${globexOrder}/acknowledge`, atAcme)).status).toBe(404);
    expect((await rowOf("purchase_orders", acmeOrder.id)).acknowledged_at).toBeNull();
    // the vendor record of the other purchaser, by id
    expect((await inject("POST", `/api/portal/vendors/${northwind.globex}/update_details`, atAcme, { phone: "555-0100" })).status).toBe(404);
    expect((await inject("POST", `/api/portal/vendors/${northwind.acme}/update_details`, atGlobex, { phone: "555-0100" })).status).toBe(404);
    // another vendor of the same purchaser
    expect((await inject("POST", `/api/portal/vendors/${otherVendor}/update_details`, atAcme, { phone: "555-0100" })).status).toBe(404);
    const otherOrder = await approvedOrder(otherVendor);
    expect((await inject("POST", `/api/portal/purchase_orders/${otherOrder.id}/acknowledge`, atAcme)).status).toBe(404);
  });
});

describe("the portal: a contact switched off or a login removed", () => {
  it("a token issued before the contact went INACTIVE, or before its login was unlinked, opens nothing more", async () => {
    const user = await db().selectFrom("users").select("password_hash").where("email", "=", "vendor@northwind.test").executeTakeFirstOrThrow();
    const login = await db().insertInto("users").values({ email: "leaver@northwind.test", name: "Leaver", password_hash: user.password_hash, current_company_id: acme })
      .returning("id").executeTakeFirstOrThrow();
    const contact = await db().insertInto("contacts").values({
      company_id: acme, first_name: "Lea", last_name: "Ver", email: "leaver@northwind.test", contact_type: "VENDOR", role: "vendor",
      user_id: login.id, vendor_id: northwind.acme, source: "COMPANY", company_roles: [], vendor_roles: [], status: "ACTIVE",
    }).returning("id").executeTakeFirstOrThrow();
    const headers = await h.login("leaver@northwind.test", acme);
    const order = await approvedOrder(northwind.acme);
    expect((await inject("GET", "/api/portal/invoices", headers)).status).toBe(200);

    await db().updateTable("contacts").set({ status: "INACTIVE" }).where("id", "=", contact.id).execute();
    expect((await inject("GET", "/api/portal/invoices", headers)).status).toBe(403);
    expect((await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, headers)).status).toBe(403);
    await db().updateTable("contacts").set({ status: "ACTIVE", user_id: null }).where("id", "=", contact.id).execute();
    expect((await inject("GET", "/api/portal/invoices", headers)).status).toBe(403);
    expect((await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, headers)).status).toBe(403);
    expect((await rowOf("purchase_orders", order.id)).acknowledged_at).toBeNull();
  });
});

describe("the portal: fields a vendor does not write", () => {
  it("acknowledge takes no input: a body naming the status, amount, vendor or company is refused and nothing else moves", async () => {
    const order = await approvedOrder(northwind.acme);
    const vendor = await vendorAt(acme);
    const forged = await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, vendor,
      { status: "CLOSED", amount: "1.00", vendor_id: otherVendor, company_id: globex, acknowledged_by_id: 1 });
    expect(forged.status).toBe(422);
    expect(Object.keys(forged.body.errors).sort()).toEqual(["acknowledged_by_id", "amount", "company_id", "status", "vendor_id"]);
    const after = await rowOf("purchase_orders", order.id);
    expect(after).toMatchObject({ status: "APPROVED", amount: "350.00", vendor_id: northwind.acme, company_id: acme, acknowledged_at: null });
    const plain = await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, vendor);
    expect(plain.status).toBe(200);
    expect(await rowOf("purchase_orders", order.id)).toMatchObject({ status: "APPROVED", amount: "350.00" });
  });

  it("update_details refuses the name, the status and the vendor's terms; another vendor's tax id is flagged as a likely duplicate", async () => {
    const vendor = await vendorAt(acme);
    const before = await rowOf("vendors", northwind.acme);
    for (const body of [{ name: "Southwind" }, { status: "ACTIVE" }, { term_code: "NET 60" }, { company_id: globex }, { possible_duplicate_of_id: null }, { has_w9: true }]) {
      const refused = await inject("POST", `/api/portal/vendors/${northwind.acme}/update_details`, vendor, body);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], JSON.stringify(body)).toEqual([422, Object.keys(body)]);
    }
    expect(await rowOf("vendors", northwind.acme)).toEqual(before);

    const other = await rowOf("vendors", otherVendor);
    const taxId = other.tax_id as string | null ?? "12-3456789";
    if (!other.tax_id) await db().updateTable("vendors").set({ tax_id: taxId }).where("id", "=", otherVendor).execute();
    const changed = await inject("POST", `/api/portal/vendors/${northwind.acme}/update_details`, vendor, { tax_id: taxId });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await rowOf("vendors", northwind.acme)).toMatchObject({ tax_id: taxId, possible_duplicate_of_id: otherVendor, name: before.name });
  });
});

describe("the portal: submit_invoice", () => {
  async function aRequest(): Promise<number> {
    const created = await call("admin@acme.test", "POST", "/api/invoice_requests", { vendor_id: northwind.acme, status: "SENT" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  }
  async function submit(id: number, fields: Record<string, string>, content = pdf("invoice"), name = "invoice.pdf") {
    const body = await multipart(fields, { name, content, type: "application/pdf" });
    const response = await h.app.inject({ method: "POST", url: `/api/portal/invoice_requests/${id}/submit_invoice`, payload: body.payload, headers: { ...(await vendorAt(acme)), ...body.headers } });
    return { status: response.statusCode, body: response.json() as Json };
  }
  const fields = (number: string, extra: Record<string, string> = {}) => ({ number, date: "2026-03-31", amount: "100.00", ...extra });

  it("refuses another purchaser's order, a draft order of its own, a negative amount and forged fields; keeps nothing", async () => {
    const id = await aRequest();
    const invoices = async () => Number((await db().selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await invoices();
    const globexOrder = (await db().selectFrom("purchase_orders").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow()).id;
    const draft = await call("po@acme.test", "POST", "/api/purchase_orders", { number: `PO-X-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-02", currency_code: "USD" });
    expect(draft.body.data.status).toBe("DRAFT");
    const cases: [Record<string, string>, string][] = [
      [fields("NW-C-1", { purchase_order_id: String(globexOrder) }), "purchase_order_id"],
      [fields("NW-C-2", { purchase_order_id: String(draft.body.data.id) }), "purchase_order_id"],
      [fields("NW-C-3", { amount: "-100.00" }), "amount"],
      [fields("NW-C-4", { status: "APPROVED" }), "status"],
      [fields("NW-C-5", { vendor_id: String(otherVendor) }), "vendor_id"],
      [fields("NW-C-6", { submitter_type: "COMPANY" }), "submitter_type"],
      [fields("NW-C-7", { company_id: String(globex) }), "company_id"],
    ];
    for (const [input, field] of cases) {
      const refused = await submit(id, input);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], JSON.stringify(input)).toEqual([422, [field]]);
    }
    // a file past the limit, and one that only calls itself a PDF
    expect((await submit(id, fields("NW-C-8"), Buffer.concat([pdf("big"), Buffer.alloc(6 * 1024 * 1024, 32)]))).status).toBe(413);
    expect((await submit(id, fields("NW-C-9"), exe)).status).toBe(422);
    expect(await invoices()).toBe(before);
    expect(await rowOf("invoice_requests", id)).toMatchObject({ status: "SENT", invoice_id: null });
  });

  it("two submits at once without a key: one invoice, the other refused", async () => {
    const id = await aRequest();
    const answers = await Promise.all([submit(id, fields("NW-R-1")), submit(id, fields("NW-R-2"))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const made = await db().selectFrom("invoices").select("number").where("company_id", "=", acme).where("number", "in", ["NW-R-1", "NW-R-2"]).execute();
    expect(made).toHaveLength(1);
  });
});

describe("the portal: new bank details", () => {
  const bank = { account_name: "Northwind Supplies", bank_name: "Second Test Bank", routing: "021000021", account_number: "77701234", account_type: "checking" };
  it("the same details sent twice at once (no key) make one PENDING method and one mail", async () => {
    const vendor = await vendorAt(acme);
    const answers = await Promise.all([0, 1].map(() => inject("POST", "/api/portal/payment_methods/propose", vendor, bank)));
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 201]);
    expect(answers[0].body.data.id).toBe(answers[1].body.data.id);
    const methods = await db().selectFrom("payment_methods").select("id").where("vendor_id", "=", northwind.acme).where("account_number", "=", bank.account_number).execute();
    expect(methods).toHaveLength(1);
    const notices = await db().selectFrom("mail_messages").select("to").where("related_type", "=", "PaymentMethod").where("related_id", "=", methods[0].id)
      .where("subject", "like", "Bank details changed%").execute();
    expect(notices.length).toBeGreaterThan(0);
    expect(new Set(notices.map((m) => m.to)).size).toBe(notices.length);
  });

  it("other details while a proposal awaits approval are refused (409); two different proposals at once: one is taken", async () => {
    const vendor = await vendorAt(acme);
    const pending = () => db().selectFrom("payment_methods").select("account_number").where("vendor_id", "=", northwind.acme).where("status", "=", "PENDING").execute();
    expect(await pending()).toHaveLength(1);
    const other = await inject("POST", "/api/portal/payment_methods/propose", vendor, { ...bank, account_number: "88805678" });
    expect(other.status).toBe(409);
    expect(other.body.errors.base[0]).toMatch(/already await Acme Corp's approval/);
    expect((await pending()).map((m) => m.account_number)).toEqual([bank.account_number]);

    // decided (here: rejected, as the Vendor workflow would), two different proposals race
    await db().updateTable("payment_methods").set({ status: "INACTIVE" }).where("vendor_id", "=", northwind.acme).where("status", "=", "PENDING").execute();
    const answers = await Promise.all(["88805678", "99905678"].map((account_number) => inject("POST", "/api/portal/payment_methods/propose", vendor, { ...bank, account_number })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await pending()).toHaveLength(1);
  });
});

describe("private links: the accrual answer", () => {
  const answer = (token: string, payload: unknown) => inject("POST", `/api/private/${token}/accruals`, {}, payload);
  async function sentRequest(): Promise<{ id: number; token: string }> {
    const created = await call("admin@acme.test", "POST", "/api/accrual_requests", { vendor_id: northwind.acme, start_date: "2026-10-01", end_date: "2026-10-31" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect((await call("admin@acme.test", "POST", `/api/accrual_requests/${id}/send`)).status).toBe(200);
    const mail = await db().selectFrom("mail_messages").select("text").where("related_type", "=", "AccrualRequest").where("related_id", "=", id).orderBy("id", "desc").executeTakeFirstOrThrow();
    return { id, token: /\/private\/([A-Za-z0-9_-]+)\/accruals/.exec(String(mail.text))![1] };
  }
  const issuer = async () => ({ company: { id: acme }, user: { id: (await db().selectFrom("users").select("id").where("email", "=", "admin@acme.test").executeTakeFirstOrThrow()).id } });

  it("refuses a link of another purpose naming the same request, an expired and a withdrawn one; the request stays unanswered", async () => {
    const request = await sentRequest();
    const record = { type: "accrual_requests", id: request.id };
    for (const purpose of ["invoice_request", "password_reset", "message", "punchout"] as const) {
      const token = await issueLink(db(), await issuer() as never, { purpose, record, expiresIn: 3600 });
      const refused = await answer(token, { amount: "10.00" });
      expect([refused.status, refused.body.reason], purpose).toEqual([404, "unknown"]);
    }
    const expired = await issueLink(db(), await issuer() as never, { purpose: "accrual_request", record, expiresIn: -1 });
    expect((await answer(expired, { amount: "10.00" })).status).toBe(410);
    const withdrawn = request.token;
    expect((await call("admin@acme.test", "POST", `/api/accrual_requests/${request.id}/send`)).status).toBe(200);
    expect((await answer(withdrawn, { amount: "10.00" })).status).toBe(410);
    expect(await rowOf("accrual_requests", request.id)).toMatchObject({ status: "SENT", response_amount: null });
  });

  it("two answers at once through the link: one is kept, the other refused (409)", async () => {
    const request = await sentRequest();
    const answers = await Promise.all([answer(request.token, { amount: "100.00" }), answer(request.token, { amount: "999.00" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const kept = answers.find((a) => a.status === 200)!.body.data.response_amount as string;
    expect(await rowOf("accrual_requests", request.id)).toMatchObject({ status: "SUBMITTED", response_amount: kept });
  });

  it("an answer through the link and one in the portal at once: one is kept", async () => {
    const request = await sentRequest();
    const answers = await Promise.all([
      answer(request.token, { amount: "100.00" }),
      inject("POST", `/api/portal/accrual_requests/${request.id}/submit_accrual`, await vendorAt(acme), { amount: "200.00" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const row = await rowOf("accrual_requests", request.id);
    expect(row.status).toBe("SUBMITTED");
    expect(["100.00", "200.00"]).toContain(row.response_amount);
  });

  it("a three-decimal amount is refused, never rounded", async () => {
    const request = await sentRequest();
    const refused = await answer(request.token, { amount: "10.005" });
    expect([refused.status, Object.keys(refused.body.errors ?? {})]).toEqual([422, ["amount"]]);
    expect(await rowOf("accrual_requests", request.id)).toMatchObject({ status: "SENT", response_amount: null });
  });
});

describe("purchasing: figures the server keeps", () => {
  it("a client cannot write qty_received, qty_billed, invoice_balance, open_balance, fully_matched or awaiting_receipt", async () => {
    const order = await approvedOrder(northwind.acme);
    const line = order.po_items[0] as Json;
    const lineBefore = await rowOf("po_items", line.id);
    for (const body of [{ qty_received: "2" }, { qty_billed: "2" }]) {
      const refused = await call("po@acme.test", "PATCH", `/api/po_items/${line.id}`, body);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], JSON.stringify(body)).toEqual([422, Object.keys(body)]);
    }
    expect(await rowOf("po_items", line.id)).toEqual(lineBefore);
    const orderBefore = await rowOf("purchase_orders", order.id);
    for (const body of [{ invoice_balance: "0" }, { open_balance: "999999.00" }, { fully_matched: true }, { awaiting_receipt: false }, { acknowledged_at: "2026-11-01T00:00:00Z" }]) {
      const refused = await call("po@acme.test", "PATCH", `/api/purchase_orders/${order.id}`, body);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], JSON.stringify(body)).toEqual([422, Object.keys(body)]);
    }
    expect(await rowOf("purchase_orders", order.id)).toEqual(orderBefore);
    // nor on a new order's lines
    const created = await call("po@acme.test", "POST", "/api/purchase_orders", {
      number: `PO-F-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-02", currency_code: "USD",
      po_items: [{ description: "Desk", quantity: "1", unit_price: "10.00", qty_received: "1", qty_billed: "1" }],
    });
    expect(created.status).toBe(422);
  });
});

describe("purchasing: receiving", () => {
  const receipt = async (orderId: number, isReturn = false) => {
    const created = await call("admin@acme.test", "POST", "/api/receipts", { purchase_order_id: orderId, received_date: "2026-11-03", ...(isReturn ? { is_return: true } : {}) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
  const item = (receiptId: number, poItemId: number, quantity: string) => call("admin@acme.test", "POST", "/api/receipt_items", { receipt_id: receiptId, po_item_id: poItemId, quantity });

  it("refuses a line of another company's order, and of another order of the company", async () => {
    const order = await approvedOrder(northwind.acme);
    const own = await receipt(order.id);
    const globexLine = (await db().selectFrom("po_items").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow()).id;
    const foreign = await item(own, globexLine, "1");
    expect([foreign.status, Object.keys(foreign.body.errors ?? {})]).toEqual([422, ["po_item_id"]]);
    const other = await approvedOrder(northwind.acme);
    expect((await item(own, other.po_items[0].id, "1")).status).toBe(422);
    expect(await rowOf("po_items", other.po_items[0].id)).toMatchObject({ qty_received: "0.00000000" });
    expect(await db().selectFrom("receipt_items").select("id").where("receipt_id", "=", own).execute()).toEqual([]);
  });

  it("two receipts at once of the line's whole quantity: one is taken, the other refused", async () => {
    const order = await approvedOrder(northwind.acme);
    const chair = order.po_items[0] as Json; // 2 ordered, no tolerance in the demo company
    const [a, b] = [await receipt(order.id), await receipt(order.id)];
    const answers = await Promise.all([item(a, chair.id, String(chair.quantity)), item(b, chair.id, String(chair.quantity))]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 422]);
    expect(Number((await rowOf("po_items", chair.id)).qty_received)).toBe(Number(chair.quantity));
    // and many small ones stop at the quantity too
    const lamp = order.po_items[1] as Json; // 3 ordered
    const small = await Promise.all([0, 1, 2, 3, 4].map(async () => item(await receipt(order.id), lamp.id, "1")));
    expect(small.filter((x) => x.status === 201)).toHaveLength(3);
    expect(Number((await rowOf("po_items", lamp.id)).qty_received)).toBe(3);
  });

  it("two returns at once of everything received: one is taken, the line never goes below zero", async () => {
    const order = await approvedOrder(northwind.acme);
    const chair = order.po_items[0] as Json;
    expect((await item(await receipt(order.id), chair.id, "2")).status).toBe(201);
    const [a, b] = [await receipt(order.id, true), await receipt(order.id, true)];
    const answers = await Promise.all([item(a, chair.id, "2"), item(b, chair.id, "2")]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 422]);
    expect(Number((await rowOf("po_items", chair.id)).qty_received)).toBe(0);
  });
});

describe("purchasing: budgets in stop mode", () => {
  async function stopBudget(amount: string): Promise<Json> {
    const created = await call("admin@acme.test", "POST", "/api/budgets", {
      label: `Stop ${Math.random().toString(36).slice(2, 8)}`, amount, currency_code: "USD", start_date: "2026-01-01", end_date: "2026-12-31", overrun_action: "STOP",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as Json;
  }

  it("an approved order's lines raised or added past the budget, or the order moved onto a budget it overspends, are refused and it stays approved", async () => {
    const budget = await stopBudget("400.00");
    const order = await approvedOrder(northwind.acme); // 350
    const moved = await call("po@acme.test", "PATCH", `/api/purchase_orders/${order.id}`, { budget_id: budget.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.status).toBe("PENDING"); // a change of budget is approved again, within it
    await approve(order.id);

    const before = await rowOf("purchase_orders", order.id);
    const raised = await call("po@acme.test", "PATCH", `/api/po_items/${order.po_items[0].id}`, { quantity: "3" }); // 450
    expect(raised.status, JSON.stringify(raised.body)).toBe(422);
    expect(raised.body.errors.base[0]).toMatch(/would be overspent/);
    const grid = await call("po@acme.test", "PATCH", `/api/purchase_orders/${order.id}`, { po_items: [{ id: order.po_items[0].id, quantity: "3" }, { id: order.po_items[1].id }] });
    expect(grid.status).toBe(422);
    const added = await call("po@acme.test", "POST", "/api/po_items", { purchase_order_id: order.id, description: "Extra chair", quantity: "1", unit_price: "100.00" });
    expect(added.status).toBe(422);
    expect(await db().selectFrom("po_items").select("id").where("purchase_order_id", "=", order.id).execute()).toHaveLength(2);
    expect(await rowOf("purchase_orders", order.id)).toMatchObject({ status: "APPROVED", amount: before.amount, budget_id: budget.id });

    const small = await stopBudget("100.00");
    const moveOver = await call("po@acme.test", "PATCH", `/api/purchase_orders/${order.id}`, { budget_id: small.id });
    expect(moveOver.status).toBe(422);
    expect(await rowOf("purchase_orders", order.id)).toMatchObject({ status: "APPROVED", budget_id: budget.id });
  });

  it("an order created straight as APPROVED is refused, whatever its budget", async () => {
    const budget = await stopBudget("10.00");
    const number = `PO-A-${Math.random().toString(36).slice(2, 8)}`;
    const created = await call("po@acme.test", "POST", "/api/purchase_orders", {
      number, vendor_id: northwind.acme, date: "2026-11-02", currency_code: "USD", budget_id: budget.id, status: "APPROVED", po_items: [{ description: "Desk", quantity: "1", unit_price: "500.00" }],
    });
    expect(created.status).toBe(422);
    expect(await db().selectFrom("purchase_orders").select("id").where("number", "=", number).execute()).toEqual([]);
  });
});

describe("purchasing: overriding matching exceptions", () => {
  async function overBilled(email: string): Promise<number> {
    const order = await approvedOrder(northwind.acme);
    const chair = order.po_items[0] as Json;
    const created = await call(email, "POST", "/api/invoices", {
      number: `INV-O-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [{ po_item_id: chair.id, description: "Chair", quantity: "2", unit_price: "150.00", account_number: "6000" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.has_open_exceptions).toBe(true);
    return created.body.data.id as number;
  }
  /** the statuses of the invoice's exceptions, each once */
  const open = async (invoiceId: number) => [...new Set((await db().selectFrom("match_exceptions").select("status").where("invoice_id", "=", invoiceId).execute()).map((e) => e.status))];

  it("is refused to the invoice's own creator, even holding the key (segregation of duties); another holder may, with a comment", async () => {
    const own = await overBilled("admin@acme.test");
    const refused = await call("admin@acme.test", "POST", `/api/invoices/${own}/override_exceptions`, { comment: "I keyed it and I accept it" });
    expect(refused.status).toBe(403);
    expect(refused.body.errors.base[0]).toMatch(/^Segregation of duties/);
    expect(await open(own)).toEqual(["OPEN"]);
    expect((await db().selectFrom("invoices").select("has_open_exceptions").where("id", "=", own).executeTakeFirstOrThrow()).has_open_exceptions).toBe(true);

    const clerks = await overBilled("ap@acme.test");
    const accepted = await call("admin@acme.test", "POST", `/api/invoices/${clerks}/override_exceptions`, { comment: "Price rise agreed with the vendor" });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await open(clerks)).toEqual(["OVERRIDDEN"]);
  });
});

describe("punchout: the supplier's order message", () => {
  const secret = "controls-secret";
  let supplier: TestSupplier;
  const postOrder = (cxml: string) => h.app.inject({
    method: "POST", url: "/api/punchout/order_message", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams({ "cxml-urlencoded": cxml }).toString(),
  });
  const sessionsReturned = async () => (await db().selectFrom("punchout_sessions").select("id").where("status", "=", "RETURNED").execute()).length;

  beforeAll(async () => {
    supplier = await startPunchoutSupplier({ secret });
    const created = await call("admin@acme.test", "POST", "/api/punchout_suppliers", {
      name: "Controls supplies", provider: "controls", vendor_id: northwind.acme, setup_url: supplier.setupUrl, from_identity: "acme", to_identity: "supplier", to_domain: "DUNS", shared_secret: secret,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => supplier?.close());

  async function punchOut(): Promise<string> {
    const response = await call("staff@acme.test", "GET", "/api/punchout/generate_url?provider=controls");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return supplier.setups.at(-1)!.buyerCookie;
  }

  it("reads no external entity and expands no entity bomb", async () => {
    const cookie = await punchOut();
    const before = await sessionsReturned();
    const external = supplier.orderMessage(cookie).replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace("Ballpoint pens", "&xxe; pens");
    const answer = await postOrder(external);
    expect(answer.body).not.toMatch(/root:/);
    if (answer.statusCode === 303) {
      const id = /punchoutId=(\d+)/.exec(String(answer.headers.location))![1];
      const cart = await call("staff@acme.test", "GET", `/api/punchout/sessions/${id}`);
      expect(JSON.stringify(cart.body)).not.toMatch(/root:/);
    } else {
      expect(answer.statusCode).toBe(422);
      expect(await sessionsReturned()).toBe(before);
    }
    const bombCookie = await punchOut();
    const laughs = ['<!ENTITY l0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)].join("");
    const bomb = supplier.orderMessage(bombCookie).replace(/<!DOCTYPE[^>]*>/, `<!DOCTYPE cXML [${laughs}]>`).replace("Ballpoint pens", "&l9; pens");
    const started = Date.now();
    const exploded = await postOrder(bomb);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(exploded.body.length).toBeLessThan(100_000);
  });

  it("a message past the size limit is refused before it is read; two posts of one cart at once bring it back once", async () => {
    const cookie = await punchOut();
    const huge = supplier.orderMessage(cookie).replace("</cXML>", `<!--${"x".repeat(6 * 1024 * 1024)}--></cXML>`);
    expect((await postOrder(huge)).statusCode).toBe(413);
    const before = await sessionsReturned();
    const answers = await Promise.all([postOrder(supplier.orderMessage(cookie)), postOrder(supplier.orderMessage(cookie))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 422]);
    expect(await sessionsReturned()).toBe(before + 1);
  });

  it("a cookie of another company's punchout with this company's secret is refused", async () => {
    const globexSupplier = await startPunchoutSupplier({ secret: "globex-secret" });
    try {
      const foreign = await call("admin@globex.test", "POST", "/api/punchout_suppliers", {
        name: "Globex supplies", provider: "controls", vendor_id: northwind.globex, setup_url: globexSupplier.setupUrl, from_identity: "globex", to_identity: "supplier", to_domain: "DUNS", shared_secret: "globex-secret",
      });
      expect(foreign.status, JSON.stringify(foreign.body)).toBe(201);
      const response = await call("admin@globex.test", "GET", "/api/punchout/generate_url?provider=controls");
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const globexCookie = globexSupplier.setups.at(-1)!.buyerCookie;
      const before = await sessionsReturned();
      const refused = await postOrder(supplier.orderMessage(globexCookie)); // signed with Acme's supplier secret
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain("credential does not match");
      expect(await sessionsReturned()).toBe(before);
    } finally {
      await globexSupplier.close();
    }
  });
});

describe("strangers on every write path of purchasing and the portal", () => {
  const staffResources = ["purchase_orders", "purchase_order_requests", "po_items", "receipts", "receipt_items", "inbound_receipts", "budgets", "catalogue_items",
    "punchout_suppliers", "invoice_requests", "accrual_requests", "accrual_blasts", "invoices", "invoice_items", "payment_methods", "vendors", "vendor_contacts"];
  type Path = { method: "POST" | "PATCH" | "DELETE"; url: string; table: string; id: number; input?: object; file?: boolean };
  /** a well-formed input of an action's schema: its required text fields filled, so that only the caller is refused */
  const sample = (schema?: object): Record<string, string> => {
    const { required = [], properties = {} } = (schema ?? {}) as { required?: string[]; properties?: Record<string, { format?: string }> };
    return Object.fromEntries(required.map((name) => [name, properties[name]?.format === "date" ? "2026-11-01" : properties[name]?.format === "money" ? "1.00" : "probe"]));
  };

  /** Each resource's PATCH, DELETE and record actions on one of Acme's rows. */
  async function staffPaths(): Promise<Path[]> {
    const paths: Path[] = [];
    for (const name of staffResources) {
      const resource = resourceByName.get(name)!;
      const table = resource.table ?? name;
      const row = await db().selectFrom(table as "purchase_orders").select("id").where("company_id", "=", acme).orderBy("id").executeTakeFirst();
      if (!row) continue; // none yet when this test runs alone
      // the edit and delete paths a resource serves (a resource without the permission has no such route)
      if (resource.permissions.edit) paths.push({ method: "PATCH", url: `/api/${name}/${row.id}`, table, id: row.id });
      if (resource.permissions.delete) paths.push({ method: "DELETE", url: `/api/${name}/${row.id}`, table, id: row.id });
      for (const action of resource.recordActions ?? []) if (action.kind === "post") paths.push({ method: "POST", url: `/api/${name}/${row.id}/${action.name}`, table, id: row.id, input: action.input });
    }
    return paths;
  }
  /** Each portal action on one of Northwind's rows at Acme. */
  async function portalPaths(): Promise<Path[]> {
    const paths: Path[] = [];
    for (const resource of resourceByName.values()) {
      for (const action of resource.portal?.recordActions ?? []) {
        const table = resource.table ?? resource.name;
        const scope = resource.portal!.scope;
        const row = await db().selectFrom(table as "vendors").select("id").where("company_id", "=", acme).where(scope as "id", "=", northwind.acme).orderBy("id").executeTakeFirst();
        const id = row?.id ?? 1;
        paths.push({ method: "POST", url: portalActionPath(resource.name, action).replace(":id", String(id)), table, id, input: action.input, file: action.file !== undefined });
      }
    }
    return paths;
  }
  const stamp = async (paths: Path[]) => Promise.all(paths.map(async (p) => JSON.stringify(await db().selectFrom(p.table as "vendors").selectAll().where("id", "=", p.id).executeTakeFirst())));
  /** what each path answers these headers (a file action gets a well-formed upload: the refusal must be the caller's, not the body's) */
  const statusesOf = async (paths: Path[], headers: Record<string, string>) => Promise.all(paths.map(async (p) => {
    if (!p.file) return `${p.method} ${p.url} ${(await inject(p.method, p.url, headers, sample(p.input))).status}`;
    const body = await multipart(sample(p.input), { name: "w9.pdf", content: pdf("upload"), type: "application/pdf" });
    return `${p.method} ${p.url} ${(await h.app.inject({ method: p.method, url: p.url, headers: { ...headers, ...body.headers }, payload: body.payload })).statusCode}`;
  }));
  const expectAll = (answers: string[], status: number) => expect(answers.filter((a) => !a.endsWith(` ${status}`))).toEqual([]);

  it("without a token: 401; staff of Globex naming Acme: 403; staff of Globex on Acme's ids: 404; the vendor on staff paths: 403 — and nothing changed", async () => {
    const paths = await staffPaths();
    expect(paths.length).toBeGreaterThanOrEqual(40);
    const before = await stamp(paths);
    expectAll(await statusesOf(paths, {}), 401);
    const globexAdmin = await h.login("admin@globex.test");
    expectAll(await statusesOf(paths, { ...globexAdmin, "company-id": String(acme) }), 403);
    expectAll(await statusesOf(paths, await h.login("admin@globex.test", globex)), 404);
    expectAll(await statusesOf(paths, await vendorAt(acme)), 403);
    expect(await stamp(paths)).toEqual(before);
  });

  it("Globex staff creating rows that name Acme's order, line or budget: 422 on the reference, nothing created", async () => {
    const order = await approvedOrder(northwind.acme);
    const budget = (await db().selectFrom("budgets").select("id").where("company_id", "=", acme).orderBy("id").executeTakeFirstOrThrow()).id;
    const globexAdmin = await h.login("admin@globex.test", globex);
    const creates: [string, Json, string][] = [
      ["/api/receipts", { purchase_order_id: order.id, received_date: "2026-11-03" }, "purchase_order_id"],
      ["/api/po_items", { purchase_order_id: order.id, description: "Extra", quantity: "1", unit_price: "1.00" }, "purchase_order_id"],
      ["/api/invoices", { number: "GX-1", vendor_id: northwind.globex, date: "2026-11-01", due_date: "2026-12-01", amount: "1.00", currency_code: "USD", purchase_order_ids: [order.id] }, "purchase_order_ids"],
      ["/api/purchase_orders", { number: "GX-PO-1", vendor_id: northwind.globex, date: "2026-11-01", currency_code: "USD", budget_id: budget }, "budget_id"],
    ];
    for (const [url, body, field] of creates) {
      const refused = await inject("POST", url, globexAdmin, body);
      expect([refused.status, Object.keys(refused.body.errors ?? {})], url).toEqual([422, [field]]);
    }
    expect(await rowOf("purchase_orders", order.id)).toMatchObject({ amount: "350.00", open_balance: "350.00" });
    expect(await db().selectFrom("receipts").select("id").where("purchase_order_id", "=", order.id).execute()).toEqual([]);
  });

  it("portal actions: without a token 401, staff 403, another purchaser's vendor contact 404 — and nothing changed", async () => {
    const paths = await portalPaths();
    expect(paths.length).toBeGreaterThanOrEqual(6);
    const before = await stamp(paths);
    expectAll(await statusesOf(paths, {}), 401);
    expectAll(await statusesOf(paths, await h.login("admin@acme.test", acme)), 403);
    const collection = paths.filter((p) => !/\/\d+\/[a-z_0-9]+$/.test(p.url));
    const onRows = paths.filter((p) => !collection.includes(p));
    expectAll(await statusesOf(onRows, await vendorAt(globex)), 404);
    expect(await stamp(paths)).toEqual(before);
  });
});

describe("purchasing: an order that stopped being approved", () => {
  const receipt = async (orderId: number) => {
    const created = await call("admin@acme.test", "POST", "/api/receipts", { purchase_order_id: orderId, received_date: "2026-11-03" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };

  it("takes no receipt items on a draft receipt opened while it was approved, once it is back in approval or closed", async () => {
    const order = await approvedOrder(northwind.acme);
    const [lamp, chair] = [order.po_items[1] as Json, order.po_items[0] as Json];
    const draft = await receipt(order.id);
    // a change sends it back to PENDING: goods are not received against an order awaiting approval
    expect((await call("po@acme.test", "PATCH", `/api/po_items/${lamp.id}`, { quantity: "4" })).status).toBe(200);
    expect((await rowOf("purchase_orders", order.id)).status).toBe("PENDING");
    const pending = await call("admin@acme.test", "POST", "/api/receipt_items", { receipt_id: draft, po_item_id: chair.id, quantity: "1" });
    expect([pending.status, Object.keys(pending.body.errors ?? {})]).toEqual([422, ["purchase_order_id"]]);
    expect(await rowOf("po_items", chair.id)).toMatchObject({ qty_received: "0.00000000" });

    const closed = await approvedOrder(northwind.acme);
    const open = await receipt(closed.id);
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${closed.id}/close`)).status).toBe(200);
    const late = await call("admin@acme.test", "POST", "/api/receipt_items", { receipt_id: open, po_item_id: closed.po_items[0].id, quantity: "1" });
    expect([late.status, Object.keys(late.body.errors ?? {})]).toEqual([422, ["purchase_order_id"]]);
    expect(await rowOf("po_items", closed.po_items[0].id)).toMatchObject({ qty_received: "0.00000000" });
  });

  it("a requester named as the order's approver cannot approve their own order", async () => {
    const order = await call("po@acme.test", "POST", "/api/purchase_orders", {
      number: `PO-S-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-02", currency_code: "USD", po_items: [{ description: "Desk", quantity: "1", unit_price: "10.00" }],
    });
    const { useWorkflow, acmeOf } = await import("./approval-fixtures.js");
    const acmeIds = await acmeOf(h);
    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [await acmeIds.contact("po@acme.test")] }]);
    try {
      expect((await call("po@acme.test", "POST", `/api/purchase_orders/${order.body.data.id}/submit`)).status).toBe(200);
      const [approval] = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=PurchaseOrder&approvable_id=${order.body.data.id}&aasm_state=pending`)).body.data as Json[];
      const own = await call("po@acme.test", "POST", `/api/approvals/${approval.id}/approve`);
      expect(own.status).toBe(403);
      expect(own.body.errors.base[0]).toMatch(/^Segregation of duties/);
      expect((await call("po@acme.test", "PATCH", `/api/purchase_orders/${order.body.data.id}`, { status: "APPROVED" })).status).toBe(422);
      expect(await rowOf("purchase_orders", order.body.data.id)).toMatchObject({ status: "PENDING" });
    } finally {
      await oneApprover();
    }
  });
});

describe("purchasing: an invoice line on someone else's order line", () => {
  it("refuses a PO line of another vendor, of another company, and of a draft order; nothing is billed", async () => {
    const others = await approvedOrder(otherVendor);
    const globexLine = (await db().selectFrom("po_items").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow()).id;
    const draft = await call("po@acme.test", "POST", "/api/purchase_orders", {
      number: `PO-DL-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-02", currency_code: "USD", po_items: [{ description: "Desk", quantity: "1", unit_price: "10.00" }],
    });
    for (const poItemId of [others.po_items[0].id as number, globexLine, draft.body.data.po_items[0].id as number]) {
      const refused = await call("ap@acme.test", "POST", "/api/invoices", {
        number: `INV-X-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
        invoice_items: [{ po_item_id: poItemId, description: "Chair", quantity: "1", unit_price: "100.00", account_number: "6000" }],
      });
      expect(refused.status, String(poItemId)).toBe(422);
      expect(Object.keys(refused.body.errors)[0], String(poItemId)).toMatch(/^invoice_items\.0\.po_item_id$/);
    }
    expect(await rowOf("po_items", others.po_items[0].id)).toMatchObject({ qty_billed: "0.00000000" });
  });
});

describe("purchasing: a line moved to another document", () => {
  it("a PO line, an invoice line or a receipt cannot be moved to another order, invoice or vendor by a PATCH", async () => {
    const [from, to] = [await approvedOrder(northwind.acme), await approvedOrder(otherVendor)];
    const line = from.po_items[0] as Json;
    const moved = await call("admin@acme.test", "PATCH", `/api/po_items/${line.id}`, { purchase_order_id: to.id });
    expect(moved.status).toBe(422);
    expect(await rowOf("po_items", line.id)).toMatchObject({ purchase_order_id: from.id });
    expect(await rowOf("purchase_orders", from.id)).toMatchObject({ amount: "350.00" });
    expect(await rowOf("purchase_orders", to.id)).toMatchObject({ amount: "350.00" });

    const invoice = await call("ap@acme.test", "POST", "/api/invoices", {
      number: `INV-MV-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind.acme, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [{ po_item_id: line.id, description: "Chair", quantity: "1", unit_price: "100.00", account_number: "6000" }],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const other = await call("ap@acme.test", "POST", "/api/invoices", {
      number: `INV-MV-${Math.random().toString(36).slice(2, 8)}`, vendor_id: otherVendor, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "5.00", debit_entries: [{ account_number: "6000", amount: "5.00" }],
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const invoiceLine = (invoice.body.data.invoice_items as Json[])[0];
    const movedLine = await call("ap@acme.test", "PATCH", `/api/invoice_items/${invoiceLine.id}`, { invoice_id: other.body.data.id });
    expect(movedLine.status).toBe(422);
    expect((await db().selectFrom("invoice_items").select("invoice_id").where("id", "=", invoiceLine.id).executeTakeFirstOrThrow()).invoice_id).toBe(invoice.body.data.id);

    const receipt = await call("admin@acme.test", "POST", "/api/receipts", { purchase_order_id: from.id, received_date: "2026-11-03" });
    const forged = await call("admin@acme.test", "PATCH", `/api/receipts/${receipt.body.data.id}`, { vendor_id: otherVendor });
    expect(forged.status).toBe(422);
    expect((await db().selectFrom("receipts").select("vendor_id").where("id", "=", receipt.body.data.id).executeTakeFirstOrThrow()).vendor_id).toBe(northwind.acme);
  });
});

describe("the portal: an acknowledgement of an order changed since", () => {
  it("is withdrawn when the changed order goes back through approval; the vendor acknowledges the version approved last", async () => {
    const order = await approvedOrder(northwind.acme);
    const vendor = await vendorAt(acme);
    expect((await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, vendor)).status).toBe(200);
    expect((await rowOf("purchase_orders", order.id)).acknowledged_at).not.toBeNull();
    // a careless colleague doubles a line after the vendor accepted the order
    expect((await call("po@acme.test", "PATCH", `/api/po_items/${order.po_items[0].id}`, { quantity: "4" })).status).toBe(200);
    expect(await rowOf("purchase_orders", order.id)).toMatchObject({ status: "PENDING", acknowledged_at: null, acknowledged_by_id: null });
    await approve(order.id);
    expect(await rowOf("purchase_orders", order.id)).toMatchObject({ status: "APPROVED", acknowledged_at: null });
    expect((await inject("POST", `/api/portal/purchase_orders/${order.id}/acknowledge`, vendor)).status).toBe(200);
    expect((await rowOf("purchase_orders", order.id)).acknowledged_at).not.toBeNull();
  });
});
