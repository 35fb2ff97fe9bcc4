/** What the purchase-order lifecycle tests share: calls as a user, one approver for every order, an approved order of two lines. */
import { expect } from "vitest";
import { acmeOf, approvalsOf, useWorkflow } from "./approval-fixtures.js";
import type { Harness } from "./harness.js";

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export function poFixtures(h: Harness) {
  async function call(email: string, method: Method, url: string, payload?: Json, companyId?: number): Promise<{ status: number; body: Json }> {
    const response = await h.app.inject({ method, url, headers: await h.login(email, companyId), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  }
  const show = async (id: number) => (await call("admin@acme.test", "GET", `/api/purchase_orders/${id}`)).body.data as Json;

  /** Every Acme order goes to approver@acme.test alone: a chain of one row. */
  async function oneApprover(): Promise<void> {
    const acme = await acmeOf(h);
    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [await acme.contact("approver@acme.test")] }]);
  }

  /** The order's pending approval, approved by approver@acme.test. */
  async function approve(id: number): Promise<void> {
    const pending = (await approvalsOf(h, "PurchaseOrder", id)).filter((a) => a.aasm_state === "pending");
    expect(pending).toHaveLength(1);
    const approved = await call("approver@acme.test", "POST", `/api/approvals/${pending[0].id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }

  /** An APPROVED order of `vendorId` with two lines (2 × 100 and 3 × 50), created and submitted by po@acme.test. */
  async function approvedOrder(vendorId: number): Promise<Json> {
    const created = await call("po@acme.test", "POST", "/api/purchase_orders", {
      number: `PO-L-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendorId, date: "2026-11-02", currency_code: "USD", description: "Chairs",
      po_items: [{ description: "Chair", quantity: "2", unit_price: "100.00" }, { description: "Lamp", quantity: "3", unit_price: "50.00" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${id}/submit`)).status).toBe(200);
    await approve(id);
    const order = await show(id);
    expect(order).toMatchObject({ status: "APPROVED", amount: "350.00", open_balance: "350.00" });
    return order;
  }

  return { call, show, oneApprover, approve, approvedOrder };
}

/**
 * An order of `vendorId` with `lines` (description, quantity, unit price), created by admin@acme.test and set
 * APPROVED as its workflow would (for tests where the order's own approval is not under test), read back with
 * its lines: `big` the first, `small` the second.
 */
export async function orderApprovedAsIs(h: Harness, vendorId: number, lines: [string, string, string][]): Promise<{ po: Json; big: Json; small: Json }> {
  const admin = await h.login("admin@acme.test");
  const created = await h.app.inject({
    method: "POST", url: "/api/purchase_orders", headers: admin,
    payload: {
      number: `PO-A-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendorId, date: "2026-11-01", currency_code: "USD",
      po_items: lines.map(([description, quantity, unit_price]) => ({ description, quantity, unit_price, account_number: "6000" })),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  await h.database.db.updateTable("purchase_orders").set({ status: "APPROVED" }).where("id", "=", id).execute();
  const po = (await h.app.inject({ method: "GET", url: `/api/purchase_orders/${id}`, headers: admin })).json().data as Json;
  const [big, small] = po.po_items as Json[];
  return { po, big, small };
}
