/**
 * Server-owned fields and statuses: a status, approval field, balance, number, creator, submit date
 * or rate in a create or update body is refused with 422 and writes nothing; records are created in
 * their initial status and move only through declared transitions and the approval engine.
 */
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";
import { untyped } from "../../src/server/db/connect.js";

const h = useApp();
const ownedMessage = "is set by the server and cannot be written";

async function call(email: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  const response = await h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

async function count(table: string): Promise<number> {
  const row = await untyped(h.database.db).selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function acmeVendor(): Promise<number> {
  return (await call("admin@acme.test", "GET", "/api/vendors?status=ACTIVE&_end=1")).body.data[0].id as number;
}

describe("purchase orders", () => {
  const order = (vendorId: number, overrides: object = {}) => ({
    number: `PO-SO-${Math.random().toString(36).slice(2, 9)}`, vendor_id: vendorId, date: "2026-11-01", currency_code: "USD", amount: "500.00", ...overrides,
  });

  it("POST with status APPROVED or an approval field: 422 per field, nothing written", async () => {
    const vendor = await acmeVendor();
    const before = await count("purchase_orders");
    const forged = await call("admin@acme.test", "POST", "/api/purchase_orders", order(vendor, { status: "APPROVED", approval_status: "APPROVED", open_balance: "0" }));
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ status: [ownedMessage], approval_status: [ownedMessage], open_balance: [ownedMessage] });
    expect(await count("purchase_orders")).toBe(before);
    const created = await call("admin@acme.test", "POST", "/api/purchase_orders", order(vendor));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ status: "DRAFT", open_balance: "500.00" });
  });

  it("PATCH of a PENDING order to APPROVED: 422, the order stays PENDING with its chain", async () => {
    const [pending] = (await call("admin@acme.test", "GET", "/api/purchase_orders?status=PENDING&_end=1")).body.data;
    const moved = await call("admin@acme.test", "PATCH", `/api/purchase_orders/${pending.id}`, { status: "APPROVED" });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ status: [ownedMessage] });
    expect((await call("admin@acme.test", "GET", `/api/purchase_orders/${pending.id}`)).body.data.status).toBe("PENDING");
    // the record echoed back as read, with one writable change, is accepted: its unchanged status is ignored
    const { data: shown } = (await call("admin@acme.test", "GET", `/api/purchase_orders/${pending.id}`)).body;
    const echoed = await call("admin@acme.test", "PATCH", `/api/purchase_orders/${pending.id}`, { ...shown, description: "Echoed back" });
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(200);
    expect(echoed.body.data).toMatchObject({ status: "PENDING", description: "Echoed back" });
  });

  it("negative amounts, prices and quantities: 422", async () => {
    const vendor = await acmeVendor();
    const negative = await call("admin@acme.test", "POST", "/api/purchase_orders", order(vendor, { amount: "-100.00" }));
    expect(negative.status).toBe(422);
    expect(negative.body.errors).toEqual({ amount: ["must be zero or more"] });
    const created = (await call("admin@acme.test", "POST", "/api/purchase_orders", order(vendor))).body.data;
    const line = await call("admin@acme.test", "POST", "/api/po_items", { purchase_order_id: created.id, description: "Refund trick", quantity: "-2", unit_price: "-50.00" });
    expect(line.status).toBe(422);
    expect(line.body.errors).toEqual({ quantity: ["must be zero or more"], unit_price: ["must be zero or more"] });
  });
});

describe("vendors", () => {
  it("are created PENDING with their approval while the Vendor workflow is ACTIVE, never ACTIVE by the body", async () => {
    const forged = await call("ap@acme.test", "POST", "/api/vendors", { name: "Shell Company LLC", status: "ACTIVE" });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ status: [ownedMessage] });
    const created = await call("ap@acme.test", "POST", "/api/vendors", { name: "Honest Supplies" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.status).toBe("PENDING");
    const approvals = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=Vendor&approvable_id=${created.body.data.id}`)).body.data;
    expect(approvals).toEqual([expect.objectContaining({ aasm_state: "pending" })]);
  });

  it("without an ACTIVE Vendor workflow a new vendor is approved at once, recorded", async () => {
    const [workflow] = (await call("admin@acme.test", "GET", "/api/workflows?workflow_type=Vendor&status=ACTIVE")).body.data;
    expect((await call("admin@acme.test", "POST", `/api/workflows/${workflow.id}/deactivate`)).status).toBe(200);
    const created = await call("ap@acme.test", "POST", "/api/vendors", { name: "Quick Vendor" });
    expect(created.body.data.status).toBe("ACTIVE");
    const approvals = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=Vendor&approvable_id=${created.body.data.id}`)).body.data;
    expect(approvals).toEqual([expect.objectContaining({ aasm_state: "approved", comment: "Auto-approved: no workflow step applies" })]);
    expect((await call("admin@acme.test", "POST", `/api/workflows/${workflow.id}/activate`)).status).toBe(200);
  });
});

describe("expense reports", () => {
  it("refuse a typed exchange rate; a report in the company's currency converts at 1", async () => {
    const admin = await h.database.db.selectFrom("contacts").select("id").where("email", "=", "admin@acme.test").executeTakeFirstOrThrow();
    const report = { number: `ER-SO-${Math.random().toString(36).slice(2, 9)}`, employee_contact_id: admin.id, date: "2026-11-02", currency_code: "USD" };
    const forged = await call("admin@acme.test", "POST", "/api/expense_reports", { ...report, exchange_rate: "0.00001" });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ exchange_rate: [ownedMessage] });
    const created = await call("admin@acme.test", "POST", "/api/expense_reports", report);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Number(created.body.data.exchange_rate)).toBe(1);
  });
});
