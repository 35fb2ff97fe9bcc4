/**
 * Receiving beyond the receipt (issue 14): a return to the vendor takes received goods back off the
 * order's lines, and an inbound receipt's lines become a DRAFT receipt capped at what is still open.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { acmeOf } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { poFixtures, type Json } from "./po-fixtures.js";

const h = useApp();
const { call, show, oneApprover, approvedOrder } = poFixtures(h);
let vendor = 0;
beforeAll(async () => {
  vendor = (await acmeOf(h)).vendor;
  await oneApprover();
});

const receiving = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: Json) => call("receiving@acme.test", method, url, payload);
const received = async (order: Json) => ((await show(order.id)).po_items as Json[]).sort((a, b) => a.line - b.line).map((l) => Number(l.qty_received));

/** A receipt (or return) of `quantity` of the order's first line; its answer. */
async function log(order: Json, quantity: string, isReturn = false) {
  const created = await receiving("POST", "/api/receipts", { purchase_order_id: order.id, received_date: "2026-11-05", is_return: isReturn });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const item = await receiving("POST", "/api/receipt_items", { receipt_id: created.body.data.id, po_item_id: order.po_items[0].id, quantity });
  return { receipt: created.body.data as Json, item };
}

describe("a return to the vendor", () => {
  it("has its own number, lowers the line's received quantity, is refused beyond what was received, and shows on the order", async () => {
    const order = await approvedOrder(vendor);
    const first = (await log(order, "2")).item;
    expect(first.status).toBe(201);
    expect(await received(order)).toEqual([2, 0]);
    expect((await show(order.id)).awaiting_receipt).toBe(true);

    const { receipt, item } = await log(order, "1", true);
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    expect(receipt).toMatchObject({ number: expect.stringMatching(/^RTN-\d{5}$/), is_return: true, status: "DRAFT" });
    expect(await received(order)).toEqual([1, 0]);

    const beyond = await log(order, "2", true);
    expect(beyond.item.status).toBe(422);
    expect(beyond.item.body.errors.quantity).toEqual(["cannot exceed the 1 received on the line"]);
    expect(await received(order)).toEqual([1, 0]);

    // the receipt's item cannot shrink below what was returned since, nor be removed
    expect((await receiving("PATCH", `/api/receipt_items/${first.body.data.id}`, { quantity: "0.5" })).body.errors.quantity).toEqual(["cannot be less than the 1 returned since"]);
    expect((await receiving("DELETE", `/api/receipt_items/${first.body.data.id}`)).status).toBe(422);
    expect(await received(order)).toEqual([1, 0]);

    // a receipt stays a receipt, a return a return
    expect((await receiving("PATCH", `/api/receipts/${receipt.id}`, { is_return: false })).status).toBe(422);
    const shown = await show(order.id);
    expect((shown.receipts as Json[]).map((r) => [r.number.slice(0, 3), r.is_return]).sort()).toEqual([["RCV", false], ["RTN", true], ["RTN", true]]);
  });

  it("is refused on another company's order, to users without addReceipts, and to the vendor", async () => {
    const order = await approvedOrder(vendor);
    expect((await call("admin@globex.test", "POST", "/api/receipts", { purchase_order_id: order.id, received_date: "2026-11-05", is_return: true })).status).toBe(422);
    expect((await call("staff@acme.test", "POST", "/api/receipts", { purchase_order_id: order.id, received_date: "2026-11-05", is_return: true })).status).toBe(403);
    expect((await call("vendor@northwind.test", "POST", "/api/receipts", { purchase_order_id: order.id, received_date: "2026-11-05", is_return: true })).status).toBe(403);
  });
});

describe("an inbound receipt turned into a receipt", () => {
  async function notice(order: Json, lines: [number, string][]) {
    const created = await receiving("POST", "/api/inbound_receipts", {
      number: `ASN-${Math.random().toString(36).slice(2, 8)}`, purchase_order_id: order.id, expected_date: "2026-11-06",
      inbound_receipt_items: lines.map(([index, quantity]) => ({ po_item_id: order.po_items.find((l: Json) => l.line === index + 1).id, quantity })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as Json;
  }

  it("logs a DRAFT receipt of the announced quantities capped at the open quantity, and marks the notice RECEIVED", async () => {
    const order = await approvedOrder(vendor);
    expect((await log(order, "1")).item.status).toBe(201);
    // line 1: 2 ordered, 1 received, 5 announced → 1; line 2: 3 ordered, 2 announced → 2
    const inbound = await notice(order, [[0, "5"], [1, "2"]]);
    const done = await receiving("POST", `/api/inbound_receipts/${inbound.id}/receive`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: "RECEIVED", receipt_id: expect.any(Number) });
    const receipt = (await receiving("GET", `/api/receipts/${done.body.data.receipt_id}`)).body.data;
    expect(receipt).toMatchObject({ status: "DRAFT", purchase_order_id: order.id, is_return: false, notes: `From inbound receipt ${inbound.number}` });
    expect((receipt.receipt_items as Json[]).map((i) => Number(i.quantity)).sort()).toEqual([1, 2]);
    expect(await received(order)).toEqual([2, 2]);
    // received once: the action is gone
    expect((await receiving("POST", `/api/inbound_receipts/${inbound.id}/receive`)).status).toBe(409);
  });

  it("refuses a notice with nothing left open, a line of another order, and users without addReceipts", async () => {
    const order = await approvedOrder(vendor);
    const other = await approvedOrder(vendor);
    const wrong = await receiving("POST", "/api/inbound_receipts", {
      number: `ASN-X-${process.pid}`, purchase_order_id: order.id, expected_date: "2026-11-06", inbound_receipt_items: [{ po_item_id: other.po_items[0].id, quantity: "1" }],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors["inbound_receipt_items.0.po_item_id"]).toEqual(["is not a line of the inbound receipt's purchase order"]);

    const inbound = await notice(order, [[0, "2"]]);
    expect((await call("staff@acme.test", "POST", `/api/inbound_receipts/${inbound.id}/receive`)).status).toBe(403);
    expect((await call("admin@globex.test", "POST", `/api/inbound_receipts/${inbound.id}/receive`)).status).toBe(404);
    expect((await log(order, "2")).item.status).toBe(201);
    const nothing = await receiving("POST", `/api/inbound_receipts/${inbound.id}/receive`);
    expect(nothing.status).toBe(409);
    expect((await receiving("GET", `/api/inbound_receipts/${inbound.id}`)).body.data).toMatchObject({ status: "EXPECTED", receipt_id: null });
    expect(await received(order)).toEqual([2, 0]);
  });
});

describe("the receiving dashboard", () => {
  it("counts the live rows for every figure, with this week's and overdue days resolved", async () => {
    const { purchasingPages } = await import("../../resources/pages/purchasing.js");
    const { resolveFilter } = await import("../../src/framework/pages.js");
    const { isoDate } = await import("../../src/framework/dates.js");
    const order = await approvedOrder(vendor);
    const overdue = await receiving("POST", "/api/inbound_receipts", { number: `ASN-OD-${process.pid}`, purchase_order_id: order.id, expected_date: "2020-01-01" });
    expect(overdue.status).toBe(201);
    const today = isoDate();
    const page = purchasingPages.find((p) => p.path === "/dashboard/receiving")!;
    const figures = page.variants![0].widgets.filter((w) => w.type === "count");
    const company = await h.companyId("Acme Corp");
    const db = h.database.db;
    const monday = resolveFilter({ d: "@week" }, today)!.d as string;
    const expected: Record<string, number> = {
      "widgets.poToReceive": Number((await db.selectFrom("purchase_orders").select((e) => e.fn.countAll().as("n")).where("company_id", "=", company).where("status", "in", ["APPROVED", "OPEN"]).where("awaiting_receipt", "=", true).executeTakeFirstOrThrow()).n),
      "widgets.receiptsDraft": Number((await db.selectFrom("receipts").select((e) => e.fn.countAll().as("n")).where("company_id", "=", company).where("status", "=", "DRAFT").executeTakeFirstOrThrow()).n),
      "widgets.inboundExpected": Number((await db.selectFrom("inbound_receipts").select((e) => e.fn.countAll().as("n")).where("company_id", "=", company).where("status", "in", ["EXPECTED", "SHIPPED"]).executeTakeFirstOrThrow()).n),
      "widgets.receiptsThisWeek": Number((await db.selectFrom("receipts").select((e) => e.fn.countAll().as("n")).where("company_id", "=", company).where("received_date", ">=", monday).where("is_return", "=", false).executeTakeFirstOrThrow()).n),
      "widgets.deliveriesOverdue": Number((await db.selectFrom("inbound_receipts").select((e) => e.fn.countAll().as("n")).where("company_id", "=", company).where("status", "in", ["EXPECTED", "SHIPPED"]).where("expected_date", "<", today).executeTakeFirstOrThrow()).n),
    };
    expect(expected["widgets.deliveriesOverdue"]).toBeGreaterThanOrEqual(1);
    for (const widget of figures) {
      const query = new URLSearchParams(Object.entries(resolveFilter(widget.filter, today) ?? {}).map(([k, v]) => [k, String(v)])).toString();
      const stats = await receiving("GET", `/api/${widget.resource}/stats?${query}`);
      expect(stats.status, widget.title).toBe(200);
      expect(Number(stats.body.data[0].count), widget.title).toBe(expected[widget.title]);
    }
  });
});
