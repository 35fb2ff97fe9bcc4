/** Purchasing group: receipts, inbound receipts, catalogue, budgets, accruals and the purchase-order views. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../resources/index.js";
import { money, sum } from "../../src/framework/money.js";
import { useApp } from "./harness.js";

const h = useApp();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Method = "GET" | "POST" | "PATCH" | "DELETE";

const sessions = new Map<string, Promise<Record<string, string>>>();
const headersOf = (email: string) => {
  if (!sessions.has(email)) sessions.set(email, h.login(email));
  return sessions.get(email)!;
};

async function call(email: string, method: Method, url: string, payload?: Json): Promise<{ status: number; body: Json }> {
  const response = await h.app.inject({ method, url, headers: await headersOf(email), payload });
  return { status: response.statusCode, body: response.json() };
}
const admin = (method: Method, url: string, payload?: Json) => call("admin@acme.test", method, url, payload);
const list = async (url: string) => {
  const response = await admin("GET", url);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Json[];
};
const one = async (url: string) => (await admin("GET", url)).body.data as Json;

/** A purchase-order line of Acme that is still open for receiving, with its order. */
async function openLine(): Promise<{ po: Json; line: Json }> {
  const [po] = await list("/api/receiving_purchase_orders?_end=1&_sort=id&_order=asc");
  const full = await one(`/api/purchase_orders/${po.id}`);
  const line = (full.po_items as Json[]).find((l) => money(l.qty_received).lt(l.quantity))!;
  return { po: full, line };
}

describe("every resource of the group lists demo rows and shows one", () => {
  const resources = [
    "receipts", "receipt_items", "inbound_receipts", "catalogue_items", "budgets", "accruals", "accrual_summaries",
    "accrual_requests", "manager_accrual_requests", "accrual_blasts", "accrual_entries", "accrual_invoice_links",
    "po_approvals", "purchase_order_requests", "receiving_purchase_orders", "po_requiring_vcards",
  ];
  for (const name of resources) {
    it(name, async () => {
      const rows = await list(`/api/${name}?_start=0&_end=5`);
      expect(rows.length).toBeGreaterThanOrEqual(1);
      const shown = await admin("GET", `/api/${name}/${rows[0].id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.data.id).toBe(rows[0].id);
    });
  }
});

describe("guards", () => {
  const denied: [string, Method, string, Json?][] = [
    ["staff@acme.test", "GET", "/api/receipts"],
    ["approver@acme.test", "GET", "/api/inbound_receipts"],
    ["po@acme.test", "GET", "/api/receiving_purchase_orders"],
    ["staff@acme.test", "GET", "/api/catalogue_items"],
    ["staff@acme.test", "GET", "/api/budgets"],
    ["staff@acme.test", "GET", "/api/accruals"],
    ["staff@acme.test", "GET", "/api/accrual_summaries"],
    ["po@acme.test", "GET", "/api/accrual_requests"],
    ["po@acme.test", "GET", "/api/manager_accrual_requests"],
    ["approver@acme.test", "GET", "/api/accrual_blasts"],
    ["approver@acme.test", "GET", "/api/accrual_entries"],
    ["po@acme.test", "GET", "/api/po_requiring_vcards"],
    ["receiving@acme.test", "POST", "/api/purchase_order_requests", {}],
    ["readonly@acme.test", "POST", "/api/accrual_blasts", {}],
    ["staff@acme.test", "POST", "/api/accrual_invoice_links", {}],
    ["po@acme.test", "POST", "/api/receipts", {}],
  ];
  for (const [email, method, url, payload] of denied) {
    it(`${email.split("@")[0]} ${method} ${url} → 403`, async () => {
      expect((await call(email, method, url, payload)).status).toBe(403);
    });
  }

  it("lets each route group's holders in: managers see their accrual requests, any staff the accrual-invoice links", async () => {
    expect((await call("approver@acme.test", "GET", "/api/manager_accrual_requests")).status).toBe(200);
    expect((await call("staff@acme.test", "GET", "/api/accrual_invoice_links")).status).toBe(200);
    expect((await call("receiving@acme.test", "GET", "/api/receiving_purchase_orders")).status).toBe(200);
    expect((await call("staff@acme.test", "GET", "/api/po_approvals")).status).toBe(200);
  });

  it("refuses edits and deletes to roles without the row-action keys", async () => {
    const [accrual] = await list("/api/accruals?status=NEW&_end=1");
    expect((await call("ap@acme.test", "GET", `/api/accruals/${accrual.id}`)).status).toBe(200);
    expect((await call("ap@acme.test", "PATCH", `/api/accruals/${accrual.id}`, { description: "x" })).status).toBe(403);
    expect((await call("ap@acme.test", "DELETE", `/api/accruals/${accrual.id}`)).status).toBe(403);
    const [item] = await list("/api/catalogue_items?_end=1");
    expect((await call("po@acme.test", "DELETE", `/api/catalogue_items/${item.id}`)).status).toBe(403);
  });
});

describe("purchase-order views", () => {
  it("confine each view to its rows", async () => {
    const approvals = await list("/api/po_approvals?_end=100");
    expect(approvals.length).toBeGreaterThan(0);
    expect(new Set(approvals.map((p) => p.status))).toEqual(new Set(["PENDING"]));
    const receiving = await list("/api/receiving_purchase_orders?_end=200");
    expect(receiving.every((p) => ["APPROVED", "OPEN"].includes(p.status) && p.awaiting_receipt === true)).toBe(true);
    const cards = await list("/api/po_requiring_vcards?_end=100");
    expect(cards.every((p) => p.po_type === "corporate card" && ["APPROVED", "OPEN"].includes(p.status) && p.vcard_id === null)).toBe(true);
    const closed = await list("/api/purchase_orders?status=CLOSED&_end=1");
    expect((await admin("GET", `/api/po_approvals/${closed[0].id}`)).status).toBe(404);
  });

  it("filters the PO list by the spec's query parameters and embeds the budget", async () => {
    const [withBudget] = await list("/api/purchase_orders?budget_id_null=false&_end=1");
    expect(withBudget.budget).toMatchObject({ id: withBudget.budget_id, label: expect.any(String) });
    const byNumber = await list(`/api/purchase_orders?number_like=${withBudget.number}`);
    expect(byNumber.map((p) => p.id)).toEqual([withBudget.id]);
    expect(withBudget.approval_status).toBe(withBudget.status === "PENDING" ? "PENDING" : withBudget.status === "REJECTED" ? "REJECTED" : "APPROVED");
  });

  it("PO requests: the requestor is the signed-in contact, a request stays DRAFT or PENDING, and only its requestor edits it", async () => {
    const [vendor] = await list("/api/vendors?_end=1");
    const request = { number: `REQ-${Date.now()}`, vendor_id: vendor.id, date: "2026-05-01", currency_code: "USD", description: "Standing desk" };
    expect((await call("staff@acme.test", "POST", "/api/purchase_order_requests", { ...request, status: "APPROVED" })).status).toBe(422);
    const created = await call("staff@acme.test", "POST", "/api/purchase_order_requests", request);
    expect(created.status).toBe(201);
    const staffContact = await h.database.db.selectFrom("contacts").select("id").where("email", "=", "staff@acme.test").executeTakeFirstOrThrow();
    expect(created.body.data).toMatchObject({ status: "DRAFT", requestor_id: staffContact.id });
    expect((await call("staff@acme.test", "PATCH", `/api/purchase_order_requests/${created.body.data.id}`, { status: "PENDING" })).status).toBe(422);
    const submitted = await call("staff@acme.test", "POST", `/api/purchase_order_requests/${created.body.data.id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe("PENDING");
    const approvedByEdit = await call("staff@acme.test", "PATCH", `/api/purchase_order_requests/${created.body.data.id}`, { status: "APPROVED" });
    expect(approvedByEdit.status).toBe(422);
    expect(approvedByEdit.body.errors).toEqual({ status: ["is set by the server and cannot be written"] });

    const [someoneElses] = await list("/api/purchase_orders?status=DRAFT&_end=1");
    expect((await call("staff@acme.test", "PATCH", `/api/purchase_order_requests/${someoneElses.id}`, { description: "mine now" })).status).toBe(403);
    const [approved] = await list("/api/purchase_orders?status=APPROVED&_end=1");
    const refused = await admin("PATCH", `/api/purchase_order_requests/${approved.id}`, { description: "late change" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/cannot be edited in status APPROVED/);
  });
});

describe("receiving", () => {
  it("logs a receipt against an approved order: numbered, the order's vendor, received by the signed-in contact", async () => {
    const { po } = await openLine();
    const created = await call("receiving@acme.test", "POST", "/api/receipts", { purchase_order_id: po.id, received_date: "2026-05-02" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ number: expect.stringMatching(/^RCV-\d{5}$/), vendor_id: po.vendor_id, status: "DRAFT" });
    expect(created.body.data.received_by_contact_id).toEqual(expect.any(Number));
    const [draft] = await list("/api/purchase_orders?status=DRAFT&_end=1");
    const refused = await call("receiving@acme.test", "POST", "/api/receipts", { purchase_order_id: draft.id, received_date: "2026-05-02" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.purchase_order_id[0]).toMatch(/only approved or open/);
  });

  it("takes the purchase order from the invoice when only the invoice is given, and filters by invoice number", async () => {
    const [receipt] = await list("/api/receipts?invoice_id_null=false&purchase_order.status=OPEN&_end=1");
    const invoice = await one(`/api/invoices/${receipt.invoice_id}`);
    const created = await admin("POST", "/api/receipts", { invoice_id: invoice.id, received_date: "2026-05-03" });
    expect(created.status).toBe(201);
    expect(created.body.data.purchase_order_id).toBe(invoice.purchase_order_ids[0]);
    const [otherVendors] = await list(`/api/invoices?vendor_id_ne=${invoice.vendor_id}&_end=1`);
    const mismatch = await admin("POST", "/api/receipts", { purchase_order_id: invoice.purchase_order_ids[0], invoice_id: otherVendors.id, received_date: "2026-05-03" });
    expect(mismatch.body.errors).toEqual({ invoice_id: ["belongs to another vendor than the purchase order"] });
    const found = await list(`/api/receipts?invoice.number_like=${invoice.number}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.invoice.number === invoice.number)).toBe(true);
  });

  it("raises qty_received with each item, refuses more than the open quantity, and follows deletes", async () => {
    const { po, line } = await openLine();
    const receipt = (await admin("POST", "/api/receipts", { purchase_order_id: po.id, received_date: "2026-05-04" })).body.data;
    const open = money(line.quantity).minus(line.qty_received);

    const tooMany = await admin("POST", "/api/receipt_items", { receipt_id: receipt.id, po_item_id: line.id, quantity: open.plus(1).toString() });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.quantity[0]).toBe(`cannot exceed the line's open quantity of ${open.toString()}`);
    expect((await admin("POST", "/api/receipt_items", { receipt_id: receipt.id, po_item_id: line.id, quantity: "0" })).status).toBe(422);
    const [other] = await list(`/api/po_items?purchase_order_id_ne=${po.id}&_end=1`);
    expect((await admin("POST", "/api/receipt_items", { receipt_id: receipt.id, po_item_id: other.id, quantity: "1" })).body.errors.po_item_id).toBeDefined();

    const item = await admin("POST", "/api/receipt_items", { receipt_id: receipt.id, po_item_id: line.id, quantity: "1" });
    expect(item.status).toBe(201);
    expect(money((await one(`/api/po_items/${line.id}`)).qty_received).eq(money(line.qty_received).plus(1))).toBe(true);
    const lowered = await admin("PATCH", `/api/po_items/${line.id}`, { quantity: money(line.qty_received).toString() });
    expect(lowered.status).toBe(422);
    expect(lowered.body.errors.quantity[0]).toMatch(/already received/);

    expect((await admin("DELETE", `/api/receipt_items/${item.body.data.id}`)).status).toBe(200);
    expect(money((await one(`/api/po_items/${line.id}`)).qty_received).eq(line.qty_received)).toBe(true);
  });

  it("takes an order off the receiving list once every line is received, and submits only a receipt with items", async () => {
    const { po } = await openLine();
    const receipt = (await admin("POST", "/api/receipts", { purchase_order_id: po.id, received_date: "2026-05-05" })).body.data;
    expect((await admin("PATCH", `/api/receipts/${receipt.id}`, { status: "SUBMITTED" })).status).toBe(422);
    const empty = await admin("POST", `/api/receipts/${receipt.id}/submit`);
    expect(empty.status).toBe(422);
    expect(empty.body.errors.status[0]).toMatch(/at least one item/);
    for (const line of po.po_items as Json[]) {
      const open = money(line.quantity).minus(line.qty_received);
      if (open.gt(0)) expect((await admin("POST", "/api/receipt_items", { receipt_id: receipt.id, po_item_id: line.id, quantity: open.toString() })).status).toBe(201);
    }
    expect((await one(`/api/purchase_orders/${po.id}`)).awaiting_receipt).toBe(false);
    expect((await admin("GET", `/api/receiving_purchase_orders/${po.id}`)).status).toBe(404);

    expect((await admin("POST", `/api/receipts/${receipt.id}/submit`)).status).toBe(200);
    const again = await admin("PATCH", `/api/receipts/${receipt.id}`, { notes: "late note" });
    expect(again.status).toBe(422);
    expect(again.body.errors.base[0]).toMatch(/cannot be edited in status SUBMITTED/);
    const [item] = (await one(`/api/receipts/${receipt.id}`)).receipt_items as Json[];
    const removal = await admin("DELETE", `/api/receipt_items/${item.id}`);
    expect(removal.status).toBe(422);
    expect(removal.body.errors.base[0]).toMatch(/cannot be deleted/);
  });

  it("keeps the demo receipts consistent with the lines", async () => {
    const rows = await sql<{ n: number }>`select count(*)::int as n from po_items p
      where p.qty_received <> coalesce((select sum(quantity) from receipt_items r where r.po_item_id = p.id), 0) or p.qty_received > p.quantity`.execute(h.database.db);
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  it("announces inbound receipts from the order's vendor", async () => {
    const { po } = await openLine();
    const created = await admin("POST", "/api/inbound_receipts", { number: "ASN-TEST-1", purchase_order_id: po.id, expected_date: "2026-06-01", carrier: "UPS" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ vendor_id: po.vendor_id, status: "EXPECTED" });
    const [rejected] = await list("/api/purchase_orders?status=REJECTED&_end=1");
    expect((await admin("POST", "/api/inbound_receipts", { number: "ASN-TEST-2", purchase_order_id: rejected.id, expected_date: "2026-06-01" })).status).toBe(422);
    const inbound = await list("/api/inbound_receipts?status=INBOUND&_end=100");
    expect(inbound.every((r) => ["EXPECTED", "SHIPPED"].includes(r.status))).toBe(true);
  });
});

describe("catalogue items and budgets", () => {
  it("lists catalogue items with their subsidiaries and deletes one", async () => {
    const [item] = await list("/api/catalogue_items?subsidiary_ids_null=false&_end=1");
    expect(item.subsidiary_str).toBe((item.subsidiaries as Json[]).map((s) => s.name).join(", "));
    expect((await admin("DELETE", `/api/catalogue_items/${item.id}`)).status).toBe(200);
    expect((await admin("GET", `/api/catalogue_items/${item.id}`)).status).toBe(404);
  });

  it("computes spent as committed plus actual, from the orders and invoices it lists, and remaining from the amount", async () => {
    for (const budget of await list("/api/budgets?_end=20")) {
      const shown = await one(`/api/budgets/${budget.id}`);
      expect(shown.committed).toBe(sum((shown.consuming_orders as Json[]).map((o) => o.committed)));
      expect(shown.actual).toBe(sum((shown.consuming_invoices as Json[]).map((i) => i.actual)));
      expect(budget.spent).toBe(money(shown.committed).plus(shown.actual).toFixed(2));
      expect(budget.remaining).toBe(money(budget.amount).minus(budget.spent).toFixed(2));
      // only orders awaiting approval or approved still commit money
      const committing = await list(`/api/purchase_orders?budget_id=${budget.id}&status=PENDING&status=APPROVED&status=OPEN&_end=1000`);
      const numbers = (shown.consuming_orders as Json[]).filter((o) => money(o.committed).gt(0)).map((o) => o.number);
      expect(committing.map((p) => p.number)).toEqual(expect.arrayContaining(numbers));
    }
    expect((await list("/api/budgets?_end=20")).some((b) => money(b.remaining).lt(0))).toBe(true);
  });

  it("refuses a closed budget on a purchase order", async () => {
    const [closed] = await list("/api/budgets?status=CLOSED&_end=1");
    const [draft] = await list("/api/purchase_orders?status=DRAFT&_end=1");
    const refused = await admin("PATCH", `/api/purchase_orders/${draft.id}`, { budget_id: closed.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.budget_id[0]).toMatch(/is CLOSED/);
  });
});

describe("accruals", () => {
  const summaryHolds = async () => {
    const rows = await list("/api/accrual_summaries?_end=1000");
    // the liability rolled forward (docs/accruals.md)
    for (const r of rows) {
      expect(money(r.open_amt_start).plus(r.accrued_amt_period).minus(r.reversed_amt_period).minus(r.closed_amt_period).eq(r.open_amt_end)).toBe(true);
    }
    return rows;
  };

  it("shows every status, SYNC FAILED flags, ACTIVE as OPEN or APPROVED, and the row height of 50", async () => {
    const all = await list("/api/accruals?_end=1000");
    expect(all.some((a) => a.is_system_error === true)).toBe(true);
    const statuses = new Set(all.map((a) => a.status));
    expect(statuses).toEqual(new Set(["NEW", "PENDING", "APPROVED", "OPEN", "CLOSED", "REJECTED"]));
    const active = await list("/api/accruals?status=ACTIVE&_end=1000");
    expect(new Set(active.map((a) => a.status))).toEqual(new Set(["OPEN", "APPROVED"]));
    expect(resourceByName.get("accruals")?.rowHeight).toBe(50);
    const byVendor = await list("/api/accruals?vendor.name_like=a&_end=5");
    expect(byVendor.every((a) => /a/i.test(a.vendor.name))).toBe(true);
  });

  it("keeps balances, purchase-order accrual balances and the summary in step with invoice matches", async () => {
    await summaryHolds();
    const candidates = await list("/api/accruals?status=OPEN&accrual_type=Vendor&_end=200");
    const accrual = candidates.find((a) => money(a.balance).gt(10))!;
    const invoices = await list(`/api/invoices?vendor_id=${accrual.vendor_id}&_end=1`);
    const [elsewhere] = await list(`/api/invoices?vendor_id_ne=${accrual.vendor_id}&_end=1`);

    const over = await admin("POST", "/api/accrual_invoice_links", { accrual_id: accrual.id, invoice_id: invoices[0].id, amount: money(accrual.balance).plus("0.01").toFixed(2) });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount[0]).toBe(`cannot exceed the accrual's open balance of ${money(accrual.balance).toFixed(2)}`);
    expect((await admin("POST", "/api/accrual_invoice_links", { accrual_id: accrual.id, invoice_id: elsewhere.id, amount: "1.00" })).body.errors.invoice_id).toBeDefined();
    const [fresh] = await list(`/api/accruals?status=NEW&_end=1`);
    const freshInvoice = await list(`/api/invoices?vendor_id=${fresh.vendor_id}&_end=1`);
    if (freshInvoice.length) expect((await admin("POST", "/api/accrual_invoice_links", { accrual_id: fresh.id, invoice_id: freshInvoice[0].id, amount: "1.00" })).body.errors.accrual_id).toBeDefined();

    // the match is counted in the month of the invoice's date (never before the accrual's)
    const month = [String(invoices[0].date), String(accrual.date)].sort()[1].slice(0, 7);
    const matchedIn = async () => money(sum((await summaryHolds()).filter((r) => r.vendor_id === accrual.vendor_id && r.period === month && r.accrual_type === "Vendor"
      && r.account_number === accrual.account_number).map((r) => r.matched_amt_period)));
    const matchedBefore = await matchedIn();
    const link = await admin("POST", "/api/accrual_invoice_links", { accrual_id: accrual.id, invoice_id: invoices[0].id, amount: "10.00" });
    expect(link.status).toBe(201);
    const after = await one(`/api/accruals/${accrual.id}`);
    expect(after.balance).toBe(money(accrual.balance).minus(10).toFixed(2));
    expect((await matchedIn()).minus(matchedBefore).toFixed(2)).toBe("10.00");

    expect((await admin("DELETE", `/api/accrual_invoice_links/${link.body.data.id}`)).status).toBe(200);
    expect((await one(`/api/accruals/${accrual.id}`)).balance).toBe(money(accrual.balance).toFixed(2));
  });

  it("keeps each purchase order's accrual balance at the balance of its active accruals", async () => {
    const [po] = await list("/api/purchase_orders?accrual_balance_gte=0.01&_end=1");
    const active = await list(`/api/accruals?purchase_order_id=${po.id}&status=ACTIVE&_end=100`);
    expect(po.accrual_balance).toBe(sum(active.map((a) => a.balance)));
    const drift = await sql<{ n: number }>`select count(*)::int as n from purchase_orders p where p.accrual_balance <>
      coalesce((select sum(balance) from accruals a where a.purchase_order_id = p.id and a.status in ('OPEN', 'APPROVED')), 0)`.execute(h.database.db);
    expect(Number(drift.rows[0].n)).toBe(0);
  });

  it("edits and deletes only unbooked accruals; posting one books it into the summary", async () => {
    const [open] = await list("/api/accruals?status=OPEN&_end=1");
    const refused = await admin("PATCH", `/api/accruals/${open.id}`, { description: "changed" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/cannot be edited in status OPEN/);
    const [closed] = await list("/api/accruals?status=CLOSED&_end=1");
    expect((await admin("DELETE", `/api/accruals/${closed.id}`)).status).toBe(422);

    const [pending] = await list("/api/accruals?status=PENDING&_end=1");
    const before = money(sum((await list(`/api/accrual_summaries?vendor_id=${pending.vendor_id}&_end=1000`)).map((r) => r.accrued_amt_period)));
    const changed = await admin("PATCH", `/api/accruals/${pending.id}`, { amount: "1234.56" });
    expect(changed.body.data.balance).toBe("1234.56");
    expect((await admin("PATCH", `/api/accruals/${pending.id}`, { amount: "0" })).status).toBe(422);
    expect((await admin("PATCH", `/api/accruals/${pending.id}`, { status: "APPROVED" })).status).toBe(422);
    // the demo's Accrual workflow: the admin approves its pending step, then posts it
    const approvals = await list(`/api/approvals?approvable_type=Accrual&approvable_id=${pending.id}&aasm_state=pending`);
    expect(approvals.length).toBeGreaterThan(0);
    for (const approval of approvals) expect((await admin("POST", `/api/approvals/${approval.id}/approve`)).status).toBe(200);
    expect((await admin("POST", `/api/accruals/${pending.id}/post`)).status).toBe(200);
    const booked = money(sum((await summaryHolds()).filter((r) => r.vendor_id === pending.vendor_id).map((r) => r.accrued_amt_period)));
    expect(booked.minus(before).toFixed(2)).toBe("1234.56");

    const [rejected] = await list("/api/accruals?status=REJECTED&_end=1");
    expect((await admin("DELETE", `/api/accruals/${rejected.id}`)).status).toBe(200);
  });

  it("accrual requests carry the purchaser's name", async () => {
    const [request] = await list("/api/accrual_requests?purchaser_id_null=false&_end=1");
    expect(request.purchaser_name).toBe(`${request.purchaser.first_name} ${request.purchaser.last_name}`);
    const open = await list("/api/manager_accrual_requests?status=OPEN&_end=100");
    expect(open.every((r) => ["NEW", "SENT"].includes(r.status))).toBe(true);
  });
});

describe("accrual blasts", () => {
  it("computes the stats and deletes a blast only while it has no vendors", async () => {
    const blasts = await list("/api/accrual_blasts?_end=10");
    const booked = blasts.find((b) => b.status === "BOOKED")!;
    const entries = await list(`/api/accrual_entries?accrual_blast_id=${booked.id}&_end=100`);
    expect(booked.stats_vendor_count).toBe(entries.length);
    expect(booked.stats_accrual_response).toBe(entries.filter((e) => ["RESPONDED", "NO ACCRUAL"].includes(e.status)).length);
    const accruals = await list(`/api/accruals?accrual_blast_id=${booked.id}&status=APPROVED&status=OPEN&status=CLOSED&_end=100`);
    expect(booked.accruals_booked_amount).toBe(sum(accruals.map((a) => a.amount)));

    const refused = await admin("DELETE", `/api/accrual_blasts/${booked.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/accrual blasts AB-\d+ cannot be deleted/);
    const empty = blasts.find((b) => b.stats_vendor_count === 0)!;
    expect((await admin("DELETE", `/api/accrual_blasts/${empty.id}`)).status).toBe(200);
  });

  it("numbers a new blast, checks its dates, and takes each vendor once while it is open", async () => {
    const bad = await admin("POST", "/api/accrual_blasts", { label: "Backwards", start_date: "2026-06-30", end_date: "2026-06-01", accrual_option: "Vendor" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.end_date).toBeDefined();
    const created = await admin("POST", "/api/accrual_blasts", { label: "June", start_date: "2026-06-01", end_date: "2026-06-30", accrual_option: "Vendor" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ number: expect.stringMatching(/^AB-\d{5}$/), status: "ACTIVE", stats_vendor_count: 0, booker_contact_id: expect.any(Number) });
    const blast = created.body.data;

    const [vendor] = await list("/api/vendors?_end=1");
    const entry = await admin("POST", "/api/accrual_entries", { accrual_blast_id: blast.id, vendor_id: vendor.id });
    expect(entry.status).toBe(201);
    expect((await admin("POST", "/api/accrual_entries", { accrual_blast_id: blast.id, vendor_id: vendor.id })).body.errors.vendor_id).toEqual(["is already part of this blast"]);
    expect((await one(`/api/accrual_blasts/${blast.id}`)).stats_vendor_count).toBe(1);
    expect((await admin("DELETE", `/api/accrual_blasts/${blast.id}`)).status).toBe(422);

    const [bookedBlast] = await list("/api/accrual_blasts?status=BOOKED&_end=1");
    expect((await admin("POST", "/api/accrual_entries", { accrual_blast_id: bookedBlast.id, vendor_id: vendor.id })).body.errors.accrual_blast_id).toBeDefined();

    expect((await admin("DELETE", `/api/accrual_entries/${entry.body.data.id}`)).status).toBe(200);
    expect((await admin("DELETE", `/api/accrual_blasts/${blast.id}`)).status).toBe(200);
  });
});
