/**
 * Lines read with their context (LinesDef `context`, docs/purchasing.md "Lines"): a receipt line answers its
 * PO line's ordered, received so far and still to receive quantities; an invoice line the PO line's ordered,
 * received and billed quantities and price; a PO line its own received, billed and open. Context is never
 * written: a relation's object sent back is ignored, a figure sent as a line field refused (422) and nothing
 * changes. The vendor portal still sees only the PO lines' portal fields; a stranger's PO line is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import purchaseOrders from "../../resources/purchase_orders.js";
import { serverOwnedMessage } from "../../src/server/resources/server-owned.js";
import { useApp } from "./harness.js";
import { orderApprovedAsIs } from "./po-fixtures.js";

const h = useApp();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Method = "GET" | "POST" | "PATCH";

async function call(email: string, method: Method, url: string, payload?: Json, companyId?: number): Promise<{ status: number; body: Json }> {
  const response = await h.app.inject({ method, url, headers: await h.login(email, companyId), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}
const ok = (response: { status: number; body: Json }, status = 200): Json => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body.data as Json;
};
/** decimals as numbers: the database's text of a numeric may carry trailing zeros */
const figures = (record: Json, fields: string[]) => Object.fromEntries(fields.map((f) => [f, record[f] === undefined ? undefined : Number(record[f])]));

let acme: number;
let northwind: number;

/** An approved order of Northwind: line 1 is 10 × 100.00, line 2 is 5 × 20.00. */
const approvedOrder = () => orderApprovedAsIs(h, northwind, [["Desk", "10", "100.00"], ["Lamp", "5", "20.00"]]);

const receipt = (po: Json, items: Json[]) => ({ purchase_order_id: po.id, received_date: "2026-11-10", receipt_items: items });
const poLine = async (id: number) => h.database.db.selectFrom("po_items").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const receiptCount = async () => Number((await h.database.db.selectFrom("receipts").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  northwind = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
});

describe("lines read with their context", () => {
  it("a receipt line reads its PO line's ordered, received so far and still to receive, on the write's answer and on a read", async () => {
    const { po, big } = await approvedOrder();
    ok(await call("admin@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: big.id, quantity: "4" }])), 201);
    const created = ok(await call("receiving@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: big.id, quantity: "3" }])), 201);
    expect(figures(created.receipt_items[0].po_item, ["quantity", "qty_received", "qty_to_receive"])).toEqual({ quantity: 10, qty_received: 7, qty_to_receive: 3 });
    const read = ok(await call("receiving@acme.test", "GET", `/api/receipts/${String(created.id)}`));
    expect(read.receipt_items[0].po_item.id).toBe(big.id);
    expect(figures(read.receipt_items[0].po_item, ["quantity", "qty_received", "qty_to_receive"])).toEqual({ quantity: 10, qty_received: 7, qty_to_receive: 3 });
    // the relation's own fields are still there beside the context
    expect(read.receipt_items[0].po_item.description).toBe("Desk");
  });

  it("an invoice line reads its PO line's ordered, received, billed quantities and price, for an AP clerk who may not read orders", async () => {
    const { po, big } = await approvedOrder();
    ok(await call("admin@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: big.id, quantity: "4" }])), 201);
    const invoice = ok(await call("ap@acme.test", "POST", "/api/invoices", {
      number: `INV-C-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [{ po_item_id: big.id, description: "Desk", quantity: "6", unit_price: "110.00", account_number: "6000" }],
    }), 201);
    const read = ok(await call("ap@acme.test", "GET", `/api/invoices/${String(invoice.id)}`));
    const context = read.invoice_items[0].po_item;
    expect(figures(context, ["quantity", "qty_received", "qty_billed"])).toEqual({ quantity: 10, qty_received: 4, qty_billed: 6 });
    expect(context.unit_price).toBe("100.00");
    // the line's own price stays its own: the exception is the difference the clerk now sees
    expect(read.invoice_items[0].unit_price).toBe("110.00");
  });

  it("a purchase order's lines read their received, billed, open and still to receive", async () => {
    const { po, big, small } = await approvedOrder();
    ok(await call("admin@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: big.id, quantity: "4" }])), 201);
    const read = ok(await call("po@acme.test", "GET", `/api/purchase_orders/${String(po.id)}`));
    const [first, second] = read.po_items as Json[];
    expect(figures(first, ["quantity", "qty_received", "qty_billed", "qty_balance", "qty_to_receive"])).toEqual({ quantity: 10, qty_received: 4, qty_billed: 0, qty_balance: 10, qty_to_receive: 6 });
    expect(second.id).toBe(small.id);
    expect(Number(second.qty_to_receive)).toBe(5);
    // the declaration the grid reads: received, billed and open shown after the quantity
    expect(purchaseOrders.lines[0].context).toEqual({ quantity: ["qty_received", "qty_billed", "qty_balance"] });
  });
});

describe("context is never written", () => {
  it("refuses a figure sent as a receipt line's field with 422 and writes nothing", async () => {
    const { po, big } = await approvedOrder();
    const before = await receiptCount();
    for (const field of ["po_item.quantity", "qty_to_receive", "qty_received"]) {
      const refused = await call("receiving@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: big.id, quantity: "2", [field]: "99" }]));
      expect(refused.status, field).toBe(422);
      expect(Object.keys(refused.body.errors).some((key) => key.startsWith("receipt_items.0")), JSON.stringify(refused.body)).toBe(true);
    }
    expect(await receiptCount()).toBe(before);
    expect(Number((await poLine(big.id as number)).qty_received)).toBe(0);
  });

  it("ignores the PO line's object sent back with a receipt line: the PO line keeps its figures", async () => {
    const { po, big } = await approvedOrder();
    const created = ok(await call("receiving@acme.test", "POST", "/api/receipts",
      receipt(po, [{ po_item_id: big.id, quantity: "2", po_item: { id: big.id, quantity: "999", qty_received: "999", qty_to_receive: "0" } }])), 201);
    const line = await poLine(big.id as number);
    expect([Number(line.quantity), Number(line.qty_received)]).toEqual([10, 2]);
    // the record echoed back as read (context included) changes nothing either
    const echoed = ok(await call("receiving@acme.test", "PATCH", `/api/receipts/${String(created.id)}`, { receipt_items: created.receipt_items }));
    expect(echoed.receipt_items.map((l: Json) => [l.id, Number(l.quantity)])).toEqual([[created.receipt_items[0].id, 2]]);
    expect(Number((await poLine(big.id as number)).qty_received)).toBe(2);
  });

  it("refuses a changed received quantity on a PO line (server-owned) and accepts the lines echoed as read", async () => {
    const { po, big } = await approvedOrder();
    ok(await call("admin@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: big.id, quantity: "4" }])), 201);
    const read = ok(await call("po@acme.test", "GET", `/api/purchase_orders/${String(po.id)}`));
    const lines = read.po_items as Json[];
    const refused = await call("po@acme.test", "PATCH", `/api/purchase_orders/${String(po.id)}`, { po_items: [{ ...lines[0], qty_received: "0" }, lines[1]] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors["po_items.0.qty_received"]).toEqual([serverOwnedMessage]);
    expect(Number((await poLine(big.id as number)).qty_received)).toBe(4);
    // as read, computed figures (open, still to receive) and all: accepted, nothing changed
    const echoed = ok(await call("po@acme.test", "PATCH", `/api/purchase_orders/${String(po.id)}`, { po_items: lines }));
    expect(echoed.po_items.map((l: Json) => Number(l.qty_received))).toEqual([4, 0]);
  });

  it("refuses an invoice line naming a PO line's billed quantity as its own", async () => {
    const { big } = await approvedOrder();
    const refused = await call("ap@acme.test", "POST", "/api/invoices", {
      number: `INV-C-${Math.random().toString(36).slice(2, 8)}`, vendor_id: northwind, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [{ po_item_id: big.id, description: "Desk", quantity: "1", unit_price: "100.00", qty_billed: "0" }],
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).some((key) => key.startsWith("invoice_items.0"))).toBe(true);
    expect(Number((await poLine(big.id as number)).qty_billed)).toBe(0);
  });
});

describe("confinement", () => {
  it("a stranger's PO line is not a line of ours, and its figures are not read", async () => {
    const globex = await h.companyId("Globex Ltd");
    const theirs = await h.database.db.selectFrom("po_items").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow();
    const { po } = await approvedOrder();
    const before = await receiptCount();
    const refused = await call("receiving@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: theirs.id, quantity: "1" }]));
    expect(refused.status).toBe(422);
    expect(refused.body.errors["receipt_items.0.po_item_id"]).toBeDefined();
    expect(JSON.stringify(refused.body)).not.toContain("qty_");
    expect(await receiptCount()).toBe(before);
  });

  it("the vendor portal's order shows its lines' portal fields only: no billed, open or still to receive", async () => {
    const { po, big } = await approvedOrder();
    ok(await call("admin@acme.test", "POST", "/api/receipts", receipt(po, [{ po_item_id: big.id, quantity: "4" }])), 201);
    const shown = ok(await call("vendor@northwind.test", "GET", `/api/portal/purchase_orders/${String(po.id)}`, undefined, acme));
    const allowed = new Set(["id", ...purchaseOrders.portal.fields.filter((f) => f.startsWith("po_items.")).map((f) => f.slice("po_items.".length))]);
    expect(shown.po_items).toHaveLength(2);
    for (const line of shown.po_items as Json[]) expect(Object.keys(line).filter((key) => !allowed.has(key))).toEqual([]);
    expect(Number((shown.po_items as Json[]).find((l) => l.id === big.id)!.qty_received)).toBe(4);
  });
});
