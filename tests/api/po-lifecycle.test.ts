/**
 * A purchase order's life after approval (issue 14): close and cancel, a change that sends it back
 * through approval, and what a closed order refuses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { money } from "../../src/framework/money.js";
import { acmeOf, approvalsOf } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { poFixtures, type Json } from "./po-fixtures.js";

const h = useApp();
const { call, show, oneApprover, approve, approvedOrder: orderOf } = poFixtures(h);

let vendor = 0;
beforeAll(async () => {
  vendor = (await acmeOf(h)).vendor;
  await oneApprover();
});
const approvedOrder = () => orderOf(vendor);

/** Receive `quantity` of the order's first line on a new receipt. */
async function receive(order: Json, quantity: string): Promise<{ status: number; body: Json }> {
  const receipt = await call("admin@acme.test", "POST", "/api/receipts", { purchase_order_id: order.id, received_date: "2026-11-03" });
  if (receipt.status !== 201) return receipt;
  return call("admin@acme.test", "POST", "/api/receipt_items", { receipt_id: receipt.body.data.id, po_item_id: order.po_items[0].id, quantity });
}

describe("closing a purchase order", () => {
  it("closes an approved order: its uninvoiced rest is freed, and it takes no more receipts, invoices or line changes", async () => {
    const order = await approvedOrder();
    expect((await receive(order, "1")).status).toBe(201);
    const closed = await call("po@acme.test", "POST", `/api/purchase_orders/${order.id}/close`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: "CLOSED", close_reason: "COMPLETED", open_balance: "0.00", amount: "350.00" });
    expect(closed.body.data.closed_at).toBeTruthy();

    const receipt = await receive(order, "1");
    expect(receipt.status).toBe(422);
    expect(receipt.body.errors.purchase_order_id[0]).toContain("is CLOSED");
    const invoice = await call("admin@acme.test", "POST", "/api/invoices", {
      number: `INV-L-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-04", due_date: "2026-12-04", amount: "100.00", currency_code: "USD", purchase_order_ids: [order.id],
    });
    expect(invoice.status).toBe(422);
    expect(invoice.body.errors.purchase_order_ids).toEqual([`purchase order ${order.number} is closed: it takes nothing more`]);
    const line = await call("admin@acme.test", "PATCH", `/api/po_items/${order.po_items[1].id}`, { quantity: "5" });
    expect(line.status).toBe(422);
    expect(line.body.errors.purchase_order_id).toBeDefined();

    // closed is final: neither action again, and the order did not move
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${order.id}/close`)).status).toBe(409);
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${order.id}/cancel`)).status).toBe(409);
    expect(await show(order.id)).toMatchObject({ status: "CLOSED", close_reason: "COMPLETED", open_balance: "0.00" });
  });

  it("refuses an order that is not approved or open, a user without editPurchaseOrders, another company and the vendor", async () => {
    const draft = await call("po@acme.test", "POST", "/api/purchase_orders", { number: `PO-D-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-02", currency_code: "USD" });
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${draft.body.data.id}/close`)).status).toBe(409);
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${draft.body.data.id}/submit`)).status).toBe(200);
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${draft.body.data.id}/cancel`)).status).toBe(409);

    const order = await approvedOrder();
    for (const email of ["staff@acme.test", "receiving@acme.test", "approver@acme.test"]) {
      expect((await call(email, "POST", `/api/purchase_orders/${order.id}/close`)).status, email).toBe(403);
    }
    expect((await call("admin@globex.test", "POST", `/api/purchase_orders/${order.id}/close`)).status).toBe(404);
    expect((await call("vendor@northwind.test", "POST", `/api/purchase_orders/${order.id}/close`)).status).toBe(403);
    expect((await call("vendor@northwind.test", "POST", `/api/portal/purchase_orders/${order.id}/close`)).status).toBe(404);
    expect(await show(order.id)).toMatchObject({ status: "APPROVED", open_balance: "350.00" });
  });
});

describe("cancelling a purchase order", () => {
  it("cancels an order nothing was received or invoiced on; one with goods received is closed instead", async () => {
    const untouched = await approvedOrder();
    const cancelled = await call("po@acme.test", "POST", `/api/purchase_orders/${untouched.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "CLOSED", close_reason: "CANCELLED", open_balance: "0.00" });

    const received = await approvedOrder();
    expect((await receive(received, "2")).status).toBe(201);
    const refused = await call("po@acme.test", "POST", `/api/purchase_orders/${received.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.base).toEqual([`Purchase order ${received.number} cannot be cancelled: goods were received on it. Close it instead.`]);
    expect(await show(received.id)).toMatchObject({ status: "APPROVED", close_reason: null });
    expect(money((await show(received.id)).open_balance).eq(350)).toBe(true);
  });
});

describe("a change to an approved purchase order", () => {
  const pendingOf = async (id: number) => (await approvalsOf(h, "PurchaseOrder", id)).filter((a) => a.aasm_state === "pending");
  const edit = (id: number, body: Json, email = "po@acme.test") => call(email, "PATCH", `/api/purchase_orders/${id}`, body);

  it("leaves the order approved when only its description or project changes", async () => {
    const order = await approvedOrder();
    const edited = await edit(order.id, { description: "Chairs for the new office", project_name: "Office move" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ status: "APPROVED", approval_status: "APPROVED", description: "Chairs for the new office" });
    expect(await pendingOf(order.id)).toEqual([]);
  });

  it("sends it back to PENDING with a fresh chain when a line, the amount or the vendor changes, in the edit's transaction", async () => {
    const order = await approvedOrder();
    const [chair, lamp] = order.po_items as Json[];
    // the same total, other lines: still a change of what is bought
    const swapped = await edit(order.id, { po_items: [{ id: chair.id, quantity: "1", unit_price: "200.00" }, { id: lamp.id }] });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.data).toMatchObject({ status: "PENDING", approval_status: "PENDING", amount: "350.00" });
    expect(await pendingOf(order.id)).toHaveLength(1);
    await approve(order.id);
    expect(await show(order.id)).toMatchObject({ status: "APPROVED", amount: "350.00" });

    // a line changed by itself (PATCH /api/po_items/…) is a change of the order too
    const line = await call("po@acme.test", "PATCH", `/api/po_items/${lamp.id}`, { quantity: "4" });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    expect(await show(order.id)).toMatchObject({ status: "PENDING", amount: "400.00", open_balance: "400.00" });
    await approve(order.id);

    const others = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", await h.companyId("Acme Corp")).where("id", "!=", vendor).orderBy("id").executeTakeFirstOrThrow();
    const moved = await edit(order.id, { vendor_id: others.id });
    expect(moved.body.data).toMatchObject({ status: "PENDING", vendor_id: others.id });
    expect(await pendingOf(order.id)).toHaveLength(1);
  });

  it("refuses a quantity below what was received or billed, and the order stays approved with no new chain", async () => {
    const order = await approvedOrder();
    const [chair, lamp] = order.po_items as Json[];
    expect((await receive(order, "2")).status).toBe(201);
    const below = await edit(order.id, { po_items: [{ id: chair.id, quantity: "1" }, { id: lamp.id }] });
    expect(below.status).toBe(422);
    expect(below.body.errors["po_items.0.quantity"]).toEqual(["cannot be less than the 2 already received"]);
    await h.database.db.updateTable("po_items").set({ qty_billed: "3" }).where("id", "=", lamp.id).execute();
    const billed = await edit(order.id, { po_items: [{ id: chair.id }, { id: lamp.id, quantity: "2" }] });
    expect(billed.status).toBe(422);
    expect(billed.body.errors["po_items.1.quantity"]).toEqual(["cannot be less than the 3 already billed"]);
    expect(await show(order.id)).toMatchObject({ status: "APPROVED", amount: "350.00" });
    expect(await pendingOf(order.id)).toEqual([]);
  });

  it("is refused to users without editPurchaseOrders, to the requestor's request view, and once the order is closed", async () => {
    const order = await approvedOrder();
    expect((await edit(order.id, { amount: "1.00" }, "staff@acme.test")).status).toBe(403);
    expect((await edit(order.id, { description: "x" }, "admin@globex.test")).status).toBe(404);
    expect((await call("po@acme.test", "PATCH", `/api/purchase_order_requests/${order.id}`, { description: "x" })).status).toBe(422);
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${order.id}/close`)).status).toBe(200);
    expect((await edit(order.id, { description: "after closing" })).status).toBe(422);
    expect(await show(order.id)).toMatchObject({ status: "CLOSED", description: "Chairs" });
  });
});

describe("a purchase-order request", () => {
  it("carries lines (its amount is theirs) and the spec's types and subtypes; a subtype outside them is refused", async () => {
    const body = {
      number: `PO-R-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-02", currency_code: "USD", po_type: "corporate card", po_subtype: "Project",
      po_items: [{ description: "Monitor", quantity: "2", unit_price: "180.00" }, { description: "Cable", quantity: "5", unit_price: "4.00" }],
    };
    const created = await call("staff@acme.test", "POST", "/api/purchase_order_requests", body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ status: "DRAFT", amount: "380.00", po_type: "corporate card", po_subtype: "Project" });
    const request = (await call("staff@acme.test", "GET", `/api/purchase_order_requests/${created.body.data.id}`)).body.data;
    expect((request.po_items as Json[]).map((l) => [l.line, l.description, l.amount]).sort()).toEqual([[1, "Monitor", "360.00"], [2, "Cable", "20.00"]]);
    const wrong = await call("staff@acme.test", "POST", "/api/purchase_order_requests", { ...body, number: `${body.number}-2`, po_subtype: "Services" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.po_subtype).toBeDefined();
  });
});
