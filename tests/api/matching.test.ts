/**
 * Matching invoices to purchase orders per line (src/server/domain/purchasing/invoice-matching.ts): two-way
 * (quantity, price) and three-way (receipt) with the company's or vendor's tolerance; the PO's qty_billed,
 * invoice_balance and open_balance kept exact; an open exception refused at approval and at payment until
 * it is corrected or overridden with a comment by a user allowed to.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { acmeOf, useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { orderApprovedAsIs } from "./po-fixtures.js";

const h = useApp();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Method = "GET" | "POST" | "PATCH" | "DELETE";

async function call(email: string, method: Method, url: string, payload?: Json): Promise<{ status: number; body: Json }> {
  const response = await h.app.inject({ method, url, headers: await h.login(email), payload });
  return { status: response.statusCode, body: response.json() };
}
const admin = (method: Method, url: string, payload?: Json) => call("admin@acme.test", method, url, payload);
const clerk = (method: Method, url: string, payload?: Json) => call("ap@acme.test", method, url, payload);
const ok = <T extends { status: number; body: Json }>(response: T, status = 200): Json => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body.data as Json;
};

let vendorId: number;
let approverContact: number;

/** An approved purchase order of Acme's vendor: line 1 is 10 × 100,000.00, line 2 is 5 × 200.00. */
const approvedOrder = () => orderApprovedAsIs(h, vendorId, [["Turbine blade", "10", "100000.00"], ["Bolt kit", "5", "200.00"]]);

/** A receipt of `quantity` on the PO line (left a DRAFT, which counts at once). */
async function receive(po: Json, line: Json, quantity: string): Promise<Json> {
  const receipt = ok(await admin("POST", "/api/receipts", { purchase_order_id: po.id, received_date: "2026-11-10", receipt_items: [{ po_item_id: line.id, quantity }] }), 201);
  return receipt;
}

/** A NEW invoice pulling these PO lines. */
async function invoiceOf(lines: { line: Json; quantity: string; unit_price?: string }[]): Promise<Json> {
  return ok(await clerk("POST", "/api/invoices", {
    number: `INV-M-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendorId, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
    invoice_items: lines.map(({ line, quantity, unit_price }) => ({
      po_item_id: line.id, description: line.description, quantity, unit_price: unit_price ?? line.unit_price, account_number: "6000",
    })),
  }), 201);
}

/** Submit the invoice and approve its one step: the approval's answer, and the invoice's status after it. */
async function submitAndApprove(invoice: Json): Promise<{ status: number; body: Json; invoiceStatus: string }> {
  ok(await clerk("POST", `/api/invoices/${String(invoice.id)}/submit`));
  const pending = ok(await admin("GET", `/api/approvals?approvable_type=Invoice&approvable_id=${String(invoice.id)}&aasm_state=pending`)) as unknown as Json[];
  expect(pending).toHaveLength(1);
  const answer = await call("approver@acme.test", "POST", `/api/approvals/${String(pending[0].id)}/approve`, {});
  return { ...answer, invoiceStatus: String(ok(await clerk("GET", `/api/invoices/${String(invoice.id)}`)).status) };
}

const exceptionsOf = async (invoiceId: number) => ok(await clerk("GET", `/api/match_exceptions?invoice_id=${invoiceId}&_sort=id&_order=asc`)) as unknown as Json[];

beforeAll(async () => {
  const acme = await acmeOf(h);
  vendorId = acme.vendor;
  approverContact = await acme.contact("approver@acme.test");
  await useWorkflow(h, "Invoice", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [approverContact] }]);
});

describe("per-line matching", () => {
  it("holds the over-billing case: a 1,200,000 invoice on a 1,000,000 line with 4 of 10 received is refused at approval", async () => {
    const { po, big } = await approvedOrder();
    await receive(po, big, "4");
    const invoice = await invoiceOf([{ line: big, quantity: "10", unit_price: "120000.00" }]);
    expect(invoice.amount).toBe("1200000.00");
    expect(invoice.po_matching).toBe("UNMATCHED");
    expect(invoice.has_open_exceptions).toBe(true);
    const exceptions = await exceptionsOf(invoice.id as number);
    expect(exceptions.map((e) => [e.line, e.kind, e.status]).sort()).toEqual([[1, "PRICE", "OPEN"], [1, "RECEIPT", "OPEN"]]);
    expect(exceptions.find((e) => e.kind === "RECEIPT")!.message).toBe(`Bills 10 in all on ${String(po.number)} line 1, of which 4 received (4 at most).`);

    // the order's billing is exact: 10 billed on the line, 1,200,000 invoiced, the open balance what is left
    const after = ok(await admin("GET", `/api/purchase_orders/${String(po.id)}`));
    expect(Number((after.po_items as Json[])[0].qty_billed)).toBe(10);
    expect(after.invoice_balance).toBe("1200000.00");
    expect(after.open_balance).toBe("-199000.00");

    const refused = await submitAndApprove(invoice);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/^Can't Approve: the invoice has open matching exceptions/);
    expect(refused.invoiceStatus).toBe("PENDING");
    // the approver's read of the invoice says why before they press Approve: its notice lists these reasons
    const read = ok(await call("approver@acme.test", "GET", `/api/invoices/${String(invoice.id)}`));
    expect(read.has_open_exceptions).toBe(true);
    expect((read.match_exceptions as Json[]).filter((e) => e.status === "OPEN").map((e) => e.message).sort()).toEqual(exceptions.map((e) => e.message).sort());
  });

  it("passes within the tolerance, and a partial receipt limits a three-way match to what was received", async () => {
    const { company } = await acmeOf(h);
    await h.database.db.updateTable("companies").set({ matching_variance: 10 }).where("id", "=", company).execute();
    try {
      const { po, big, small } = await approvedOrder();
      await receive(po, big, "4");
      await receive(po, small, "5");
      // 5 % over the price and 4 received of 4 billed on line 1; line 2 in full: within 10 %
      const within = await invoiceOf([{ line: big, quantity: "4", unit_price: "105000.00" }, { line: small, quantity: "5" }]);
      expect(within.has_open_exceptions).toBe(false);
      expect(within.po_matching).toBe("MATCHED");
      expect((await submitAndApprove(within)).invoiceStatus).toBe("APPROVED");

      // one more unit on line 1 bills 5 of the 4 received: beyond 4.4 (4 + 10 %)
      const beyond = await invoiceOf([{ line: big, quantity: "1" }]);
      expect((await exceptionsOf(beyond.id as number)).map((e) => [e.kind, Number(e.expected), Number(e.actual)])).toEqual([["RECEIPT", 4.4, 5]]);
      // receiving the rest clears it on the spot
      await receive(po, big, "6");
      expect(ok(await clerk("GET", `/api/invoices/${String(beyond.id)}`)).has_open_exceptions).toBe(false);
      expect(await exceptionsOf(beyond.id as number)).toEqual([]);
    } finally {
      await h.database.db.updateTable("companies").set({ matching_variance: 0 }).where("id", "=", company).execute();
    }
  });

  it("receives beyond the ordered quantity only within the tolerance", async () => {
    const { po, big } = await approvedOrder();
    const over = (quantity: string) => admin("POST", "/api/receipts", { purchase_order_id: po.id, received_date: "2026-11-10", receipt_items: [{ po_item_id: big.id, quantity }] });
    expect((await over("11")).body.errors["receipt_items.0.quantity"]).toEqual(["cannot exceed the line's open quantity of 10"]);
    await h.database.db.updateTable("vendors").set({ matching_variance: 10 }).where("id", "=", vendorId).execute();
    try {
      ok(await over("11"), 201);
      const refused = await over("0.5");
      expect(refused.status).toBe(422);
      expect(refused.body.errors["receipt_items.0.quantity"]).toEqual(["cannot exceed the line's open quantity of 0 (with the 10 % tolerance)"]);
    } finally {
      await h.database.db.updateTable("vendors").set({ matching_variance: null }).where("id", "=", vendorId).execute();
    }
  });

  it("uses the vendor's tolerance over the company's", async () => {
    const { po, small } = await approvedOrder();
    await receive(po, small, "5");
    await h.database.db.updateTable("vendors").set({ matching_variance: 25 }).where("id", "=", vendorId).execute();
    try {
      const invoice = await invoiceOf([{ line: small, quantity: "5", unit_price: "240.00" }]);
      expect(invoice.has_open_exceptions).toBe(false);
    } finally {
      await h.database.db.updateTable("vendors").set({ matching_variance: null }).where("id", "=", vendorId).execute();
    }
  });

  it("lets only a user with the right permission override, with a comment, and a changed figure opens it again", async () => {
    const { po, small } = await approvedOrder();
    await receive(po, small, "5");
    const invoice = await invoiceOf([{ line: small, quantity: "5", unit_price: "210.00" }]);
    const url = `/api/invoices/${String(invoice.id)}/override_exceptions`;
    // the AP clerk does not hold overrideMatchExceptions; a comment is required
    expect((await clerk("POST", url, { comment: "agreed by phone" })).status).toBe(403);
    expect((await admin("POST", url, { comment: "   " })).status).toBe(422);
    expect((await admin("POST", url, {})).status).toBe(422);
    const overridden = ok(await admin("POST", url, { comment: "Price rise agreed with the vendor on 11/05" }));
    expect(overridden.has_open_exceptions).toBe(false);
    const [exception] = await exceptionsOf(invoice.id as number);
    expect([exception.kind, exception.status, exception.override_comment]).toEqual(["PRICE", "OVERRIDDEN", "Price rise agreed with the vendor on 11/05"]);
    const [kept] = ok(await admin("GET", `/api/match_exceptions?invoice_id=${String(invoice.id)}`)) as unknown as Json[];
    expect(kept.overridden_by_id).toBeGreaterThan(0);
    // twice: nothing left to override
    expect((await admin("POST", url, { comment: "again" })).status).toBe(409);
    // the override is in the invoice's activity
    const activity = ok(await admin("GET", `/api/activities?item_type=invoices&item_id=${String(invoice.id)}&_sort=id&_order=desc`)) as unknown as Json[];
    expect(JSON.stringify(activity[0].changes)).toContain("Price rise agreed");

    // a higher price is another exception: open again
    const line = (ok(await clerk("GET", `/api/invoices/${String(invoice.id)}`)).invoice_items as Json[])[0];
    ok(await clerk("PATCH", `/api/invoices/${String(invoice.id)}`, { invoice_items: [{ id: line.id, unit_price: "220.00" }] }));
    const reopened = await exceptionsOf(invoice.id as number);
    expect(reopened.map((e) => [e.kind, e.status])).toEqual([["PRICE", "OPEN"]]);
  });

  it("an approved invoice whose receipt shrinks is held from payment", async () => {
    const { po, small } = await approvedOrder();
    const receipt = await receive(po, small, "5");
    const invoice = await invoiceOf([{ line: small, quantity: "5" }]);
    expect((await submitAndApprove(invoice)).invoiceStatus).toBe("APPROVED");
    const payable = async () => (ok(await clerk("GET", `/api/invoices_pay_bills?id=${String(invoice.id)}`)) as unknown as Json[]).length;
    expect(await payable()).toBe(1);
    const item = (ok(await admin("GET", `/api/receipts/${String(receipt.id)}`)).receipt_items as Json[])[0];
    ok(await admin("PATCH", `/api/receipts/${String(receipt.id)}`, { receipt_items: [{ id: item.id, quantity: "3" }] }));
    expect(ok(await clerk("GET", `/api/invoices/${String(invoice.id)}`)).has_open_exceptions).toBe(true);
    expect(await payable()).toBe(0);
    const run = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: earliestPaymentDate(), items: [{ invoice_id: invoice.id, amount: "1000.00" }] });
    expect(run.status).toBe(422);
    expect(JSON.stringify(run.body)).toContain("open matching exceptions");
  });
});

describe("refusals", () => {
  it("keeps the exceptions the server's: no flag, line amount or exception written by a request, no override by a vendor or a stranger", async () => {
    const { po, small } = await approvedOrder();
    await receive(po, small, "5");
    const invoice = await invoiceOf([{ line: small, quantity: "5", unit_price: "230.00" }]);
    const url = `/api/invoices/${String(invoice.id)}`;
    const line = (ok(await clerk("GET", url)).invoice_items as Json[])[0];
    // a dishonest colleague clears the hold or sets a line's amount by hand
    expect((await clerk("PATCH", url, { has_open_exceptions: false })).status).toBe(422);
    expect((await clerk("PATCH", url, { invoice_items: [{ id: line.id, amount: "1.00" }] })).status).toBe(422);
    expect((await clerk("POST", "/api/match_exceptions", { invoice_id: invoice.id, kind: "PRICE", message: "x", expected: "1", actual: "1" })).status).toBe(404);
    const [exception] = await exceptionsOf(invoice.id as number);
    expect((await admin("PATCH", `/api/match_exceptions/${String(exception.id)}`, { status: "OVERRIDDEN" })).status).toBe(404);
    // a malformed quantity
    const malformed = await clerk("PATCH", url, { invoice_items: [{ id: line.id, quantity: "lots" }] });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)).toEqual(["invoice_items.0.quantity"]);
    // the vendor, and a stranger without a session
    expect((await call("vendor@northwind.test", "POST", `${url}/override_exceptions`, { comment: "fine by us" })).status).toBeGreaterThanOrEqual(403);
    expect((await h.app.inject({ method: "POST", url: `${url}/override_exceptions`, payload: { comment: "x" } })).statusCode).toBe(401);
    const after = ok(await clerk("GET", url));
    expect([after.has_open_exceptions, after.amount]).toEqual([true, "1150.00"]);
    expect((await exceptionsOf(invoice.id as number)).map((e) => [e.kind, e.status])).toEqual([["PRICE", "OPEN"]]);
  });
});

describe("the purchase order's side", () => {
  it("counts only billing invoices: a rejected invoice frees its quantities", async () => {
    const { po, small } = await approvedOrder();
    await receive(po, small, "5");
    const invoice = await invoiceOf([{ line: small, quantity: "3" }]);
    expect(Number((ok(await admin("GET", `/api/purchase_orders/${String(po.id)}`)).po_items as Json[])[1].qty_billed)).toBe(3);
    ok(await clerk("POST", `/api/invoices/${String(invoice.id)}/submit`));
    const [pending] = ok(await admin("GET", `/api/approvals?approvable_type=Invoice&approvable_id=${String(invoice.id)}&aasm_state=pending`)) as unknown as Json[];
    ok(await call("approver@acme.test", "POST", `/api/approvals/${String(pending.id)}/reject`, { comment: "wrong vendor" }));
    const after = ok(await admin("GET", `/api/purchase_orders/${String(po.id)}`));
    expect(Number((after.po_items as Json[])[1].qty_billed)).toBe(0);
    expect(after.invoice_balance).toBe("0.00");
  });

  it("refuses lines of another vendor's or a draft order, and a line whose PO line changes", async () => {
    const { po, small } = await approvedOrder();
    const otherVendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", (await acmeOf(h)).company)
      .where("id", "<>", vendorId).orderBy("id").executeTakeFirstOrThrow();
    const foreign = await clerk("POST", "/api/invoices", {
      number: "INV-M-FOREIGN", vendor_id: otherVendor.id, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [{ po_item_id: small.id, description: "x", quantity: "1", unit_price: "200.00" }],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors["invoice_items.0.po_item_id"][0]).toContain("another vendor");
    await h.database.db.updateTable("purchase_orders").set({ status: "DRAFT" }).where("id", "=", po.id as number).execute();
    const draft = await clerk("POST", "/api/invoices", {
      number: "INV-M-DRAFTPO", vendor_id: vendorId, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [{ po_item_id: small.id, description: "x", quantity: "1", unit_price: "200.00" }],
    });
    expect(draft.status).toBe(422);
    expect(draft.body.errors["invoice_items.0.po_item_id"][0]).toContain("only approved or open orders are invoiced");
  });

  it("keeps another company's PO lines out of reach", async () => {
    const globex = await h.companyId("Globex Ltd");
    const line = await h.database.db.selectFrom("po_items").select("id").where("company_id", "=", globex).executeTakeFirstOrThrow();
    const response = await clerk("POST", "/api/invoices", {
      number: "INV-M-GLOBEX", vendor_id: vendorId, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [{ po_item_id: line.id, description: "x", quantity: "1", unit_price: "1.00" }],
    });
    expect(response.status).toBe(422);
    expect(await h.database.db.selectFrom("invoices").select("id").where("number", "=", "INV-M-GLOBEX").executeTakeFirst()).toBeUndefined();
  });
});

describe("an invoice's lines", () => {
  it("make its amount and, when every line is coded, its GL coding by account and department", async () => {
    const { small } = await approvedOrder();
    const line = (quantity: string, department: string | null) => ({ po_item_id: small.id, description: "Bolt kit", quantity, unit_price: "200.00", account_number: "6000", department });
    const invoice = ok(await clerk("POST", "/api/invoices", {
      number: `INV-M-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendorId, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount: "1.00",
      invoice_items: [line("1", "Ops"), line("2", "IT"), line("1", "Ops")],
    }), 201);
    expect(invoice.amount).toBe("800.00");
    expect(invoice.debit_entries).toEqual([
      { account_number: "6000", amount: "400.00", department: "Ops" },
      { account_number: "6000", amount: "400.00", department: "IT" },
    ]);
    expect(invoice.valid).toBe(true);
  });
});

describe("an invoice without lines, linked to purchase orders", () => {
  it("is matched on its amount with what other invoices bill on the order", async () => {
    const { po } = await approvedOrder();
    const make = async (number: string, amount: string) => ok(await clerk("POST", "/api/invoices", {
      number, vendor_id: vendorId, date: "2026-11-12", due_date: "2026-12-12", currency_code: "USD", amount, purchase_order_ids: [po.id],
    }), 201);
    const first = await make(`A-${String(po.id)}`, "600000.00");
    expect([first.po_matching, first.has_open_exceptions]).toEqual(["MATCHED", false]);
    const second = await make(`B-${String(po.id)}`, "500000.00");
    expect([second.po_matching, second.has_open_exceptions]).toEqual(["UNMATCHED", true]);
    expect((await exceptionsOf(second.id as number)).map((e) => [e.kind, Number(e.expected), Number(e.actual)])).toEqual([["AMOUNT", 1001000, 1100000]]);
    const none = await make(`C-${String(po.id)}`, "10.00");
    const unlinked = ok(await clerk("PATCH", `/api/invoices/${String(none.id)}`, { purchase_order_ids: [] }));
    expect(unlinked.po_matching).toBe("NO_LINKED");
    const unmatched = ok(await clerk("GET", "/api/invoices?po_matching=UNMATCHED&_end=200")) as unknown as Json[];
    expect(unmatched.map((i) => i.id)).toContain(second.id);
    expect(unmatched.every((i) => i.po_matching === "UNMATCHED")).toBe(true);
  });
});
