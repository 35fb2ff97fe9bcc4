/**
 * Budgets (created, edited, consumed = committed + actual, warned or stopped at a purchase order's
 * submit) and catalogue items (created, edited, deactivated; named on purchase-order lines).
 */
import { describe, expect, it } from "vitest";
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

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++sequence}`;

async function acmeVendor(): Promise<number> {
  const { body } = await admin("GET", "/api/vendors?status=ACTIVE&_end=1");
  return body.data[0].id as number;
}

async function budget(amount: string, overrun_action?: "WARN" | "STOP"): Promise<Json> {
  const created = await admin("POST", "/api/budgets", {
    label: unique("Marketing"), amount, currency_code: "USD", start_date: "2026-01-01", end_date: "2026-12-31", ...(overrun_action ? { overrun_action } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as Json;
}

/** A DRAFT order of `amount` drawing on the budget. */
async function order(budgetId: number, amount: string, fields: Json = {}): Promise<Json> {
  const created = await admin("POST", "/api/purchase_orders", {
    number: unique("PO"), vendor_id: await acmeVendor(), date: "2026-03-01", currency_code: "USD", amount, budget_id: budgetId, ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as Json;
}

/** Put an order in a status directly (what its approval or closing would do). */
const setStatus = (table: "purchase_orders" | "invoices", id: number, status: string) =>
  h.database.db.updateTable(table).set({ status }).where("id", "=", id).execute();

async function invoice(orderIds: number[], amount: string, status: string): Promise<number> {
  const row = await h.database.db.insertInto("invoices").values({
    company_id: await h.companyId("Acme Corp"), number: unique("INV"), vendor_id: await acmeVendor(), date: "2026-03-10", due_date: "2026-04-10",
    amount, currency_code: "USD", status, purchase_order_ids: orderIds, balance_outstanding: amount, outstanding_balance_pending: amount,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

const shown = async (id: number) => (await admin("GET", `/api/budgets/${id}`)).body.data as Json;

describe("budgets are created and edited", () => {
  it("creates a budget in warn mode by default and edits it to stop mode", async () => {
    const created = await budget("5000");
    expect(created).toMatchObject({ overrun_action: "WARN", status: "ACTIVE", spent: "0.00", remaining: "5000.00", consumed_percent: "0.0" });
    const edited = await admin("PATCH", `/api/budgets/${created.id}`, { overrun_action: "STOP", amount: "6000" });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ overrun_action: "STOP", amount: "6000.00", remaining: "6000.00" });
  });

  it("refuses bad input per field and users without the keys", async () => {
    const bad = await admin("POST", "/api/budgets", { label: "", amount: "lots", currency_code: "USD", start_date: "2026-01-01", end_date: "2026-12-31", overrun_action: "MAYBE" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(["amount", "overrun_action"]));
    const payload = { label: unique("B"), amount: "10", currency_code: "USD", start_date: "2026-01-01", end_date: "2026-12-31" };
    const backwards = await admin("POST", "/api/budgets", { ...payload, start_date: "2026-12-31", end_date: "2026-01-01" });
    expect(backwards.body.errors).toEqual({ end_date: ["must be on or after the start date"] });
    expect((await admin("POST", "/api/budgets", { ...payload, amount: "-5" })).body.errors).toEqual({ amount: ["must be zero or more"] });
    expect((await call("po@acme.test", "POST", "/api/budgets", payload)).status).toBe(403);
    const created = await budget("10");
    expect((await call("po@acme.test", "PATCH", `/api/budgets/${created.id}`, { amount: "20" })).status).toBe(403);
  });
});

describe("consumption = committed + actual", () => {
  it("counts the open part of submitted and approved orders and the approved invoices, each once", async () => {
    const b = await budget("10000");
    const approved = await order(b.id, "3000");
    await setStatus("purchase_orders", approved.id, "APPROVED");
    const pending = await order(b.id, "400");
    expect((await admin("POST", `/api/purchase_orders/${pending.id}/submit`)).status).toBe(200);
    const closed = await order(b.id, "2000");
    await setStatus("purchase_orders", closed.id, "CLOSED");
    await setStatus("purchase_orders", (await order(b.id, "700")).id, "REJECTED");
    await order(b.id, "999"); // a draft commits nothing
    await invoice([approved.id], "1200.00", "APPROVED"); // actual: no longer committed on the order
    await invoice([approved.id], "500.00", "NEW"); // not approved: not actual yet
    await invoice([closed.id], "1500.00", "PAID"); // a closed order's invoices stay actual
    const other = await order(b.id, "100");
    await setStatus("purchase_orders", other.id, "OPEN");
    await invoice([other.id, approved.id], "50.00", "APPROVED"); // one invoice of two orders of the budget: once

    const read = await shown(b.id);
    // committed: approved 3000 − 1200 − 50, pending 400, open 100 − 50; actual: 1200 + 1500 + 50
    expect(read).toMatchObject({ committed: "2200.00", actual: "2750.00", spent: "4950.00", remaining: "5050.00", consumed_percent: "49.5" });
    expect(read.consuming_orders.map((o: Json) => o.number).sort()).toEqual([approved.number, pending.number, closed.number, other.number].sort());
    expect(read.consuming_orders.find((o: Json) => o.number === closed.number)).toMatchObject({ id: closed.id, committed: "0.00", status: "CLOSED" });
    expect(read.consuming_orders.find((o: Json) => o.number === approved.number).vendor).toEqual(expect.any(String));
    expect(read.consuming_invoices.map((i: Json) => i.actual).sort()).toEqual(["1200.00", "1500.00", "50.00"]);
    // each by its id too: the budget's page links it to the record
    expect(read.consuming_invoices.every((i: Json) => Number.isInteger(i.id))).toBe(true);
    const [listed] = (await admin("GET", `/api/budgets?id=${b.id}`)).body.data as Json[];
    expect(listed.spent).toBe("4950.00");
  });

  it("takes only orders in the budget's currency", async () => {
    const b = await budget("100");
    const euro = await admin("POST", "/api/purchase_orders", { number: unique("PO"), vendor_id: await acmeVendor(), date: "2026-03-01", currency_code: "EUR", amount: "10", budget_id: b.id });
    expect(euro.status).toBe(422);
    expect(euro.body.errors.budget_id).toEqual([`budget ${b.label} is in USD, the purchase order in EUR`]);
    const po = await order(b.id, "10");
    expect((await admin("PATCH", `/api/purchase_orders/${po.id}`, { currency_code: "EUR" })).status).toBe(422);
  });

  it("keeps another company's budget invisible", async () => {
    const b = await budget("100");
    expect((await call("admin@globex.test", "GET", `/api/budgets/${b.id}`)).status).toBe(404);
    expect((await call("admin@globex.test", "PATCH", `/api/budgets/${b.id}`, { amount: "1" })).status).toBe(404);
    const globex = (await call("admin@globex.test", "GET", "/api/budgets?_end=100")).body.data as Json[];
    expect(globex.some((row) => row.id === b.id)).toBe(false);
  });
});

describe("a submit that would overspend the budget", () => {
  /** a budget of 10,000 with 9,000 consumed by an approved order */
  async function ninetyPercentUsed(mode: "WARN" | "STOP"): Promise<Json> {
    const b = await budget("10000", mode);
    await setStatus("purchase_orders", (await order(b.id, "9000")).id, "APPROVED");
    expect((await shown(b.id)).consumed_percent).toBe("90.0");
    return b;
  }
  const message = (label: string) => `Budget ${label} would be overspent by $500.00 (amount $10,000.00, already consumed $9,000.00)`;

  it("is warned in warn mode: accepted, the warning returned and recorded on the order", async () => {
    const b = await ninetyPercentUsed("WARN");
    const po = await order(b.id, "1500");
    const submitted = await admin("POST", `/api/purchase_orders/${po.id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.warnings).toEqual([message(b.label)]);
    expect(submitted.body.data.status).toBe("PENDING");
    const activities = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "purchase_orders").where("item_id", "=", po.id).execute();
    expect(activities.some((a) => JSON.stringify(a.changes).includes(message(b.label)))).toBe(true);
    expect((await shown(b.id)).spent).toBe("10500.00");
  });

  it("is refused in stop mode with the message; a submit within the budget passes without warning", async () => {
    const b = await ninetyPercentUsed("STOP");
    const po = await order(b.id, "1500");
    const refused = await admin("POST", `/api/purchase_orders/${po.id}/submit`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base).toEqual([message(b.label)]);
    expect((await admin("GET", `/api/purchase_orders/${po.id}`)).body.data.status).toBe("DRAFT");
    const fits = await order(b.id, "1000");
    const passed = await admin("POST", `/api/purchase_orders/${fits.id}/submit`);
    expect(passed.status).toBe(200);
    expect(passed.body.warnings).toBeUndefined();
  });

  it("refuses a request created as PENDING over a stop budget, and creates nothing", async () => {
    const b = await ninetyPercentUsed("STOP");
    const number = unique("REQ");
    const refused = await call("staff@acme.test", "POST", "/api/purchase_order_requests", {
      number, vendor_id: await acmeVendor(), date: "2026-03-01", currency_code: "USD", amount: "1500", budget_id: b.id, status: "PENDING",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base).toEqual([message(b.label)]);
    expect(await h.database.db.selectFrom("purchase_orders").select("id").where("number", "=", number).executeTakeFirst()).toBeUndefined();
  });

  it("lets only one of two concurrent submits pass in stop mode", async () => {
    const b = await ninetyPercentUsed("STOP");
    const [first, second] = [await order(b.id, "600"), await order(b.id, "600")];
    const answers = await Promise.all([first, second].map((po) => admin("POST", `/api/purchase_orders/${po.id}/submit`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect((await shown(b.id)).spent).toBe("9600.00");
  });
});

describe("catalogue items", () => {
  const item = async (fields: Json = {}, email = "admin@acme.test") =>
    call(email, "POST", "/api/catalogue_items", { name: unique("toner"), display_name: unique("Toner"), price: "80.00", currency_code: "USD", ...fields });

  it("creates, edits, deactivates and reactivates an item; refuses a negative price and users without the keys", async () => {
    const created = await item();
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe("ACTIVE");
    const id = created.body.data.id as number;
    expect((await admin("PATCH", `/api/catalogue_items/${id}`, { price: "85.50" })).body.data.price).toBe("85.50");
    const negative = await admin("PATCH", `/api/catalogue_items/${id}`, { price: "-1" });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.price).toEqual(["must be zero or more"]);
    expect((await admin("POST", `/api/catalogue_items/${id}/deactivate`)).body.data.status).toBe("INACTIVE");
    expect((await admin("POST", `/api/catalogue_items/${id}/activate`)).body.data.status).toBe("ACTIVE");
    expect((await item({}, "po@acme.test")).status).toBe(403);
    expect((await call("po@acme.test", "PATCH", `/api/catalogue_items/${id}`, { price: "1" })).status).toBe(403);
    expect((await call("po@acme.test", "POST", `/api/catalogue_items/${id}/deactivate`)).status).toBe(403);
  });

  it("fills a line from its item, keeps what the line states, and refuses inactive, foreign-currency and other companies' items", async () => {
    const toner = (await item({ price: "80.00" })).body.data as Json;
    const po = (await admin("POST", "/api/purchase_orders", {
      number: unique("PO"), vendor_id: await acmeVendor(), date: "2026-03-01", currency_code: "USD",
      po_items: [{ catalogue_item_id: toner.id, quantity: "2" }, { catalogue_item_id: toner.id, quantity: "1", unit_price: "75.00", description: "Toner, agreed price" }],
    }));
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    expect(po.body.data.po_items).toMatchObject([
      { description: toner.display_name, unit_price: "80.00", amount: "160.00", catalogue_item_id: toner.id },
      { description: "Toner, agreed price", unit_price: "75.00", amount: "75.00" },
    ]);
    expect(po.body.data.amount).toBe("235.00");

    const vendor = await acmeVendor();
    const withVendor = (fields: Json) => admin("POST", "/api/purchase_orders", { number: unique("PO"), vendor_id: vendor, date: "2026-03-01", currency_code: "USD", po_items: [{ quantity: "1", ...fields }] });

    const inactive = (await item()).body.data as Json;
    await admin("POST", `/api/catalogue_items/${inactive.id}/deactivate`);
    const refusedInactive = await withVendor({ catalogue_item_id: inactive.id });
    expect(refusedInactive.status).toBe(422);
    expect(refusedInactive.body.errors["po_items.0.catalogue_item_id"][0]).toMatch(/is inactive/);

    const euro = (await item({ currency_code: "EUR" })).body.data as Json;
    const refusedCurrency = await withVendor({ catalogue_item_id: euro.id });
    expect(refusedCurrency.status).toBe(422);
    expect(refusedCurrency.body.errors["po_items.0.catalogue_item_id"][0]).toMatch(/priced in EUR, the purchase order is in USD/);

    const globex = await call("admin@globex.test", "POST", "/api/catalogue_items", { name: unique("g"), display_name: unique("G"), price: "1", currency_code: "USD" });
    expect(globex.status).toBe(201);
    const refusedForeign = await withVendor({ catalogue_item_id: globex.body.data.id });
    expect(refusedForeign.status).toBe(422);
    expect(refusedForeign.body.errors["po_items.0.catalogue_item_id"]).toEqual(["does not exist"]);

    const blank = await withVendor({});
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toMatchObject({ "po_items.0.description": ["can't be blank"], "po_items.0.unit_price": ["can't be blank"] });
  });
});
