import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

const newInvoice = (vendorId: number, overrides: Record<string, unknown> = {}) => ({
  number: `T-${Math.random().toString(36).slice(2, 10)}`, vendor_id: vendorId, date: "2026-11-01", due_date: "2026-12-01",
  amount: "1250.50", currency_code: "USD", debit_entries: [{ account_number: "6000", amount: "1250.50" }], ...overrides,
});

async function acmeVendor(): Promise<number> {
  const v = await h.database.db.selectFrom("vendors as v").innerJoin("companies as c", "c.id", "v.company_id")
    .select("v.id").where("c.name", "=", "Acme Corp").orderBy("v.id").executeTakeFirstOrThrow();
  return v.id as number;
}

describe("invoices list", () => {
  it("pages with the simple-rest grammar, the data wrapper and x-total-count", async () => {
    const headers = await h.login("admin@acme.test");
    const response = await h.app.inject({ url: "/api/invoices?_start=0&_end=10", headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(10);
    expect(body.meta.total).toBeGreaterThanOrEqual(500);
    expect(Number(response.headers["x-total-count"])).toBe(body.meta.total);
    expect(body.data[0].vendor).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(body.data.every((i: { currency_code: string }) => i.currency_code === "USD")).toBe(true);
  });

  it("filters by composite status, range, like and relation, and sorts", async () => {
    const headers = await h.login("admin@acme.test");
    const payable = (await h.app.inject({ url: "/api/invoices?status=PAYABLE&_sort=due_date&_order=asc&_end=50", headers })).json().data;
    expect(payable.length).toBeGreaterThan(0);
    expect(new Set(payable.map((i: { status: string }) => i.status))).toEqual(new Set(["APPROVED", "OPEN"]));
    const dues = payable.map((i: { due_date: string }) => i.due_date);
    expect(dues).toEqual([...dues].sort());

    const ranged = (await h.app.inject({ url: "/api/invoices?amount_gte=1000&amount_lte=2000&_end=100", headers })).json().data;
    expect(ranged.every((i: { amount: string }) => Number(i.amount) >= 1000 && Number(i.amount) <= 2000)).toBe(true);

    const northwind = (await h.app.inject({ url: "/api/invoices?vendor.name_like=northwind&_end=100", headers })).json().data;
    expect(northwind.length).toBeGreaterThan(0);
    expect(northwind.every((i: { vendor: { name: string } }) => /northwind/i.test(i.vendor.name))).toBe(true);

    const several = await h.app.inject({ url: "/api/invoices?status=PAID&status=CLOSED&_end=0", headers });
    const paid = await h.app.inject({ url: "/api/invoices?status=PAID&_end=0", headers });
    const closed = await h.app.inject({ url: "/api/invoices?status=CLOSED&_end=0", headers });
    expect(several.json().meta.total).toBe(paid.json().meta.total + closed.json().meta.total);

    const searched = (await h.app.inject({ url: "/api/invoices?q=INV-100012", headers })).json().data;
    expect(searched.map((i: { number: string }) => i.number)).toEqual(["INV-100012"]);

    // the search finds a vendor's name too: exactly the invoices the vendor filter finds
    const byName = await h.app.inject({ url: "/api/invoices?q=NORTHWIND&_end=1000", headers });
    const byFilter = await h.app.inject({ url: "/api/invoices?vendor.name_like=northwind&_end=1000", headers });
    expect(byName.json().data.map((i: { id: number }) => i.id).sort()).toEqual(byFilter.json().data.map((i: { id: number }) => i.id).sort());
    expect(byName.json().meta.total).toBeGreaterThan(0);
    // in another company the same words find that company's invoices only
    const globexHeaders = await h.login("admin@globex.test");
    const ids = async (url: string) => (await h.app.inject({ url, headers: globexHeaders })).json().data.map((i: { id: number }) => i.id).sort();
    const globexByName = await ids("/api/invoices?q=Northwind&_end=1000");
    expect(globexByName).toEqual(await ids("/api/invoices?vendor.name_like=northwind&_end=1000"));
    expect(globexByName.some((id: number) => byName.json().data.some((i: { id: number }) => i.id === id))).toBe(false);
  });

  it("refuses to sort or filter on undeclared fields", async () => {
    const headers = await h.login("admin@acme.test");
    const response = await h.app.inject({ url: "/api/invoices?_sort=password", headers });
    expect(response.statusCode).toBe(400);
    expect((await h.app.inject({ url: "/api/invoices?nope=1", headers })).statusCode).toBe(400);
    expect((await h.app.inject({ url: "/api/invoices?vendor_id=abc", headers })).statusCode).toBe(422);
  });

  it("shows one invoice with vendor, purchase orders and computed fields", async () => {
    const headers = await h.login("admin@acme.test");
    const [first] = (await h.app.inject({ url: "/api/invoices?purchase_order_ids_null=false&_end=1", headers })).json().data;
    const response = await h.app.inject({ url: `/api/invoices/${first.id}`, headers });
    expect(response.statusCode).toBe(200);
    const invoice = response.json().data;
    expect(invoice).toMatchObject({ id: first.id, number: first.number, vendor: { id: first.vendor_id }, currency: { iso_code: "USD", symbol: "$" } });
    expect(invoice.purchase_orders[0]).toMatchObject({ id: first.purchase_order_ids[0], number: expect.stringMatching(/^PO-/) });
    for (const field of ["due_status", "valid", "is_invoice_allow_to_delete", "amt_overdue_0_to_30", "balance_outstanding"]) expect(invoice).toHaveProperty(field);
  });
});

describe("permissions and tenancy", () => {
  it("refuses another company's id, the vendor on the staff list, and read-only writes", async () => {
    const globex = await h.companyId("Globex Ltd");
    expect((await h.app.inject({ url: "/api/invoices", headers: await h.login("admin@acme.test", globex) })).statusCode).toBe(403);
    expect((await h.app.inject({ url: "/api/invoices", headers: await h.login("vendor@northwind.test") })).statusCode).toBe(403);
    const readonly = await h.login("readonly@acme.test");
    expect((await h.app.inject({ url: "/api/invoices?_end=1", headers: readonly })).statusCode).toBe(200);
    const post = await h.app.inject({ method: "POST", url: "/api/invoices", headers: readonly, payload: newInvoice(await acmeVendor()) });
    expect(post.statusCode).toBe(403);
    expect(post.json().errors.base[0]).toMatch(/not authorized/);
  });

  it("never shows or links another company's records", async () => {
    const acmeInvoice = (await h.app.inject({ url: "/api/invoices?_end=1", headers: await h.login("admin@acme.test") })).json().data[0];
    const globex = await h.login("admin@globex.test");
    expect((await h.app.inject({ url: `/api/invoices/${acmeInvoice.id}`, headers: globex })).statusCode).toBe(404);
    expect((await h.app.inject({ method: "DELETE", url: `/api/invoices/${acmeInvoice.id}`, headers: globex })).statusCode).toBe(404);
    const post = await h.app.inject({ method: "POST", url: "/api/invoices", headers: globex, payload: newInvoice(acmeInvoice.vendor_id, { currency_code: "EUR" }) });
    expect(post.statusCode).toBe(422);
    expect(post.json().errors.vendor_id).toEqual(["does not exist"]);
  });

  it("turns a module off for the company, at once for signed-in users", async () => {
    const acme = await h.companyId("Acme Corp");
    const headers = await h.login("po@acme.test");
    const admin = await h.login("admin@acme.test");
    expect((await h.app.inject({ url: "/api/purchase_orders?_end=1", headers })).statusCode).toBe(200);
    const off = await h.app.inject({ method: "PATCH", url: `/api/companies/${acme}`, headers: admin, payload: { module_settings: { purchase_orders_active: false } } });
    expect(off.statusCode).toBe(200);
    expect((await h.app.inject({ url: "/api/purchase_orders?_end=1", headers })).statusCode).toBe(403);
    await h.app.inject({ method: "PATCH", url: `/api/companies/${acme}`, headers: admin, payload: { module_settings: { purchase_orders_active: true } } });
    expect((await h.app.inject({ url: "/api/purchase_orders?_end=1", headers })).statusCode).toBe(200);
  });
});

describe("invoice writes", () => {
  const countInvoices = async () => Number((await h.database.db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("refuses a bad amount with a per-field 422 and writes nothing", async () => {
    const headers = await h.login("ap@acme.test");
    const before = await countInvoices();
    const response = await h.app.inject({ method: "POST", url: "/api/invoices", headers, payload: newInvoice(await acmeVendor(), { amount: "abc", due_date: "nope" }) });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors.amount[0]).toMatch(/amount/);
    expect(errors.due_date).toBeDefined();
    expect(await countInvoices()).toBe(before);
  });

  it("enforces AP rules: due date, GL coding total, duplicate number per vendor", async () => {
    const headers = await h.login("ap@acme.test");
    const vendorId = await acmeVendor();
    const bad = await h.app.inject({ method: "POST", url: "/api/invoices", headers, payload: newInvoice(vendorId, { due_date: "2026-10-01", debit_entries: [{ account_number: "6000", amount: "1.00" }] }) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["debit_entries", "due_date"]);
    const payload = newInvoice(vendorId);
    expect((await h.app.inject({ method: "POST", url: "/api/invoices", headers, payload })).statusCode).toBe(201);
    const again = await h.app.inject({ method: "POST", url: "/api/invoices", headers, payload });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.number).toBeDefined();
  });

  it("creates (server keeps the balances), updates, audits and deletes", async () => {
    const ap = await h.login("ap@acme.test");
    const payload = newInvoice(await acmeVendor(), { amount: 300, debit_entries: [{ account_number: "6100", amount: 300 }] });
    const forged = await h.app.inject({ method: "POST", url: "/api/invoices", headers: ap, payload: { ...payload, balance_outstanding: "1", created_by_id: 1 } });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual({ balance_outstanding: ["is set by the server and cannot be written"], created_by_id: ["is set by the server and cannot be written"] });
    const created = await h.app.inject({ method: "POST", url: "/api/invoices", headers: ap, payload });
    expect(created.statusCode).toBe(201);
    const invoice = created.json().data;
    expect(invoice).toMatchObject({ amount: "300.00", balance_outstanding: "300.00", outstanding_balance_pending: "300.00", status: "NEW", valid: true, is_invoice_allow_to_delete: true });

    const updated = await h.app.inject({ method: "PATCH", url: `/api/invoices/${invoice.id}`, headers: ap, payload: { amount: "450.25", debit_entries: [{ account_number: "6100", amount: "450.25" }] } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ amount: "450.25", balance_outstanding: "450.25" });
    const statusEdit = await h.app.inject({ method: "PATCH", url: `/api/invoices/${invoice.id}`, headers: ap, payload: { status: "PAID" } });
    expect(statusEdit.statusCode).toBe(422);
    expect(statusEdit.json().errors).toEqual({ status: ["is set by the server and cannot be written"] });

    // ap_role may not delete; admin may
    expect((await h.app.inject({ method: "DELETE", url: `/api/invoices/${invoice.id}`, headers: ap })).statusCode).toBe(403);
    const admin = await h.login("admin@acme.test");
    expect((await h.app.inject({ method: "DELETE", url: `/api/invoices/${invoice.id}`, headers: admin })).statusCode).toBe(200);
    expect((await h.app.inject({ url: `/api/invoices/${invoice.id}`, headers: admin })).statusCode).toBe(404);
    const events = await h.database.db.selectFrom("activities").select(["event", "changes"]).where("item_type", "=", "invoices").where("item_id", "=", invoice.id).orderBy("id").execute();
    expect(events.map((e) => e.event)).toEqual(["create", "update", "destroy"]);
    expect((events[1].changes as Record<string, unknown>).amount).toEqual(["300.00", "450.25"]);
  });

  it("refuses to delete or edit an invoice the row-action condition forbids", async () => {
    const admin = await h.login("admin@acme.test");
    const [paid] = (await h.app.inject({ url: "/api/invoices?status=PAID&_end=1", headers: admin })).json().data;
    expect(paid.is_invoice_allow_to_delete).toBe(false);
    const deleted = await h.app.inject({ method: "DELETE", url: `/api/invoices/${paid.id}`, headers: admin });
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().errors.base[0]).toMatch(/cannot be deleted in status PAID/);
    const edited = await h.app.inject({ method: "PATCH", url: `/api/invoices/${paid.id}`, headers: admin, payload: { description: "x" } });
    expect(edited.statusCode).toBe(422);
  });
});

describe("purchase orders and lines", () => {
  it("rolls the order amount up from its lines", async () => {
    const headers = await h.login("admin@acme.test");
    const po = await h.app.inject({ method: "POST", url: "/api/purchase_orders", headers, payload: { number: "PO-T1", vendor_id: await acmeVendor(), date: "2026-11-02", currency_code: "USD" } });
    expect(po.statusCode).toBe(201);
    const id = po.json().data.id;
    for (const [quantity, unit_price] of [["3", "19.99"], ["2.5", "10"]]) {
      const line = await h.app.inject({ method: "POST", url: "/api/po_items", headers, payload: { purchase_order_id: id, description: "Item", quantity, unit_price } });
      expect(line.statusCode).toBe(201);
    }
    const shown = (await h.app.inject({ url: `/api/purchase_orders/${id}`, headers })).json().data;
    expect(shown).toMatchObject({ amount: "84.97", open_balance: "84.97" });
    expect(shown.po_items.map((i: { amount: string }) => i.amount).sort()).toEqual(["25.00", "59.97"]);
  });
});

describe("OpenAPI", () => {
  it("documents every resource", async () => {
    const doc = (await h.app.inject({ url: "/api/openapi.json" })).json();
    expect(doc.openapi).toBe("3.0.3");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/invoices", "/api/invoices/{id}", "/api/vendors", "/oauth/token"]));
    expect((await h.app.inject({ url: "/api/docs/" })).statusCode).toBe(200);
  });
});

describe("stats for dashboard widgets", () => {
  it("counts and sums by status, month and aging bucket, within the company and filters", async () => {
    const headers = await h.login("admin@acme.test");
    const byStatus = (await h.app.inject({ url: "/api/invoices/stats?_group=status&_sum=amount", headers })).json().data;
    const total = (await h.app.inject({ url: "/api/invoices?_end=0", headers })).json().meta.total;
    expect(byStatus.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(total);
    expect(byStatus.map((r: { key: string }) => r.key)).toContain("PAID");

    const aging = (await h.app.inject({ url: "/api/invoices/stats?_group=aging:due_date&_sum=balance_outstanding&status=UNPAID", headers })).json().data;
    expect(aging.map((r: { key: string }) => r.key).every((k: string) => ["0-30", "31-60", "61+"].includes(k))).toBe(true);
    const unpaid = (await h.app.inject({ url: "/api/invoices?status=UNPAID&_end=0", headers })).json().meta.total;
    expect(aging.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(unpaid);

    const months = (await h.app.inject({ url: "/api/invoices/stats?_group=month:date&_sum=amount", headers })).json().data;
    expect(months[0].key).toMatch(/^\d{4}-\d{2}$/);
    expect((await h.app.inject({ url: "/api/invoices/stats?_group=month:number", headers })).statusCode).toBe(400);
    expect((await h.app.inject({ url: "/api/invoices/stats?_group=status", headers: await h.login("vendor@northwind.test") })).statusCode).toBe(403);
  });

  it("totals every matching row in one row without _group (sum widgets)", async () => {
    const headers = await h.login("admin@acme.test");
    const [all] = (await h.app.inject({ url: "/api/invoices/stats?_sum=balance_outstanding&status=PAYABLE", headers })).json().data;
    const byStatus = (await h.app.inject({ url: "/api/invoices/stats?_group=status&_sum=balance_outstanding&status=PAYABLE", headers })).json().data;
    expect(all.key).toBeNull();
    expect(all.count).toBe(byStatus.reduce((n: number, r: { count: number }) => n + r.count, 0));
    expect(Number(all.sum)).toBeCloseTo(byStatus.reduce((n: number, r: { sum: string }) => n + Number(r.sum), 0), 2);
  });
});

