/** Expenses and cards: every resource reads, every guard refuses, the row-action conditions and the domain rules hold. */
import { describe, expect, it } from "vitest";
import { expensePages } from "../../resources/pages/expenses.js";
import { useApp } from "./harness.js";
import { pdf, uploads } from "./uploads.js";

const h = useApp();
const { upload } = uploads(h);

type Row = Record<string, unknown> & { id: number };
type Headers = Record<string, string>;

const resources = [
  "expense_reports", "expense_linked_accounts", "pay_expenses", "expense_approvals", "expense_items", "policies",
  "virtual_cards", "vcard_approvals", "card_programs", "card_transactions", "vcard_linked_accounts", "purchases", "statements",
];

async function get(url: string, headers: Headers) {
  const response = await h.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() };
}

async function list(url: string, headers: Headers): Promise<Row[]> {
  const response = await get(url, headers);
  expect(response.status, url).toBe(200);
  return response.body.data as Row[];
}

async function send(method: "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: object) {
  const response = await h.app.inject({ method, url, headers, payload });
  return { status: response.statusCode, body: response.json() };
}

async function created(url: string, headers: Headers, payload: object): Promise<Row> {
  const response = await send("POST", url, headers, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Row;
}

const admin = () => h.login("admin@acme.test");

async function myContactId(headers: Headers): Promise<number> {
  return (await get("/api/users/current", headers)).body.data.contact.id as number;
}

describe("every expenses and cards resource", () => {
  it.each(resources)("%s lists demo rows and shows one to an administrator", async (name) => {
    const headers = await admin();
    const rows = await list(`/api/${name}?_start=0&_end=5`, headers);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const shown = await get(`/api/${name}/${rows[0].id}`, headers);
    expect(shown.status).toBe(200);
    expect(shown.body.data.id).toBe(rows[0].id);
  });

  it("has demo rows in Globex too, and keeps each company's rows to itself", async () => {
    const acme = await admin();
    const globex = await h.login("admin@globex.test");
    for (const name of resources) expect((await list(`/api/${name}?_end=1`, globex)).length, name).toBe(1);
    const [report] = await list("/api/expense_reports?_end=1", acme);
    expect((await get(`/api/expense_reports/${report.id}`, globex)).status).toBe(404);
    const [card] = await list("/api/virtual_cards?_end=1", acme);
    expect((await get(`/api/virtual_cards/${card.id}`, globex)).status).toBe(404);
  });
});

describe("guards", () => {
  const denied: [string, string, "GET" | "POST" | "PATCH" | "DELETE"][] = [
    // [user without the keys, path, method]
    ["po@acme.test", "/api/expense_reports", "GET"], // listExpenseReports
    ["po@acme.test", "/api/expense_reports/1", "GET"], // readExpenseReports
    ["staff@acme.test", "/api/expense_linked_accounts", "GET"], // listExternalExpenseAccounts
    ["staff@acme.test", "/api/pay_expenses", "GET"], // payExpenseReports
    ["approver@acme.test", "/api/pay_expenses", "GET"],
    ["po@acme.test", "/api/expense_items", "GET"], // listExpenseItems
    ["approver@acme.test", "/api/expense_items", "POST"], // addExpenseItems
    ["approver@acme.test", "/api/expense_items/1", "PATCH"], // editExpenseItems, submitExpenseItems
    ["po@acme.test", "/api/policies", "GET"], // listPolicies
    ["staff@acme.test", "/api/policies", "POST"], // addPolicies
    ["staff@acme.test", "/api/policies/1", "PATCH"], // editPolicies
    ["staff@acme.test", "/api/policies/1", "DELETE"], // deletePolicies
    ["po@acme.test", "/api/virtual_cards", "GET"], // listVCards
    ["staff@acme.test", "/api/virtual_cards", "POST"], // addVCards
    ["staff@acme.test", "/api/vcard_approvals", "GET"], // approveVCards
    ["po@acme.test", "/api/card_programs", "GET"], // listVCards
    ["staff@acme.test", "/api/card_transactions", "GET"], // listVCardTransactions
    ["staff@acme.test", "/api/card_transactions/1", "GET"], // readVCardTransactions
    ["staff@acme.test", "/api/vcard_linked_accounts", "GET"], // listExternalVCardAccounts
    ["po@acme.test", "/api/purchases", "GET"], // readPurchases
    ["staff@acme.test", "/api/purchases/1", "PATCH"], // editPurchases, editaccountPurchases
    ["staff@acme.test", "/api/statements", "GET"], // listVCardStatements
    ["vendor@northwind.test", "/api/virtual_cards", "GET"],
  ];

  it.each(denied)("%s gets 403 on %s (%s)", async (email, url, method) => {
    const response = await h.app.inject({ method, url, headers: await h.login(email), payload: method === "POST" || method === "PATCH" ? {} : undefined });
    expect(response.statusCode).toBe(403);
  });

  it("writes are refused to the read-only administrator", async () => {
    const readonly = await h.login("readonly@acme.test");
    expect((await list("/api/virtual_cards?_end=1", readonly)).length).toBe(1);
    expect((await send("POST", "/api/policies", readonly, {})).status).toBe(403);
  });

  it("expense approvals need the expenses module, which no role's keys replace", async () => {
    // every staff role holds expenses_active while the module is on: turning it off is the refusal
    const globex = await h.companyId("Globex Ltd");
    const headers = await h.login("admin@globex.test");
    expect((await get("/api/expense_approvals?_end=1", headers)).status).toBe(200);
    expect((await get("/api/expense_approvals?_end=1", await h.login("vendor@northwind.test"))).status).toBe(403);
    await h.database.db.updateTable("companies").set({ module_settings: JSON.stringify({ expenses_active: false }) }).where("id", "=", globex).execute();
    try {
      // a new session: sessions are cached for a few seconds and this write bypassed the API
      const fresh = await h.login("admin@globex.test");
      expect((await get("/api/expense_approvals?_end=1", fresh)).status).toBe(403);
      expect((await get("/api/expense_reports?_end=1", fresh)).status).toBe(403);
      expect((await get("/api/virtual_cards?_end=1", fresh)).status).toBe(200);
    } finally {
      await h.database.db.updateTable("companies").set({ module_settings: null }).where("id", "=", globex).execute();
    }
  });
});

describe("views confined by the server", () => {
  it("pay_expenses: approved reimbursable reports only", async () => {
    const headers = await admin();
    const rows = await list("/api/pay_expenses?_end=100", headers);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "OPEN" && r.reimbursable === true)).toBe(true);
    const [draft] = await list("/api/expense_reports?status=DRAFT&_end=1", headers);
    expect((await get(`/api/pay_expenses/${draft.id}`, headers)).status).toBe(404);
  });

  it("expense_linked_accounts: non-reimbursable reports; expense_approvals: pending ones, filtered by item type and subsidiary", async () => {
    const headers = await admin();
    expect((await list("/api/expense_linked_accounts?_end=100", headers)).every((r) => r.reimbursable === false)).toBe(true);
    const pending = await list("/api/expense_approvals?_end=100", headers);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.status === "PENDING")).toBe(true);
    const typed = pending.find((r) => (r.expense_types as string[]).length > 0)!;
    const type = (typed.expense_types as string[])[0];
    const byType = await list(`/api/expense_approvals?expense_types=${encodeURIComponent(type)}&subsidiary_id=${String(typed.subsidiary_id)}&_end=100`, headers);
    expect(byType.map((r) => r.id)).toContain(typed.id);
    expect(byType.every((r) => (r.expense_types as string[]).includes(type) && r.subsidiary_id === typed.subsidiary_id)).toBe(true);
  });

  it("vcard_approvals: pending cards; vcard_linked_accounts: linked-account transactions", async () => {
    const headers = await admin();
    const cards = await list("/api/vcard_approvals?_end=100", headers);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.status === "PENDING")).toBe(true);
    const linked = await list("/api/vcard_linked_accounts?_end=100", headers);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((t) => t.source === "LINKED_ACCOUNT")).toBe(true);
  });
});

describe("row-action conditions are enforced by the server", () => {
  it("refuses to edit or delete a paid expense item", async () => {
    const headers = await admin();
    const [paid] = await list("/api/expense_items?status=PAID&_end=1", headers);
    const edit = await send("PATCH", `/api/expense_items/${paid.id}`, headers, { description: "late change" });
    expect(edit.status).toBe(422);
    expect(edit.body.errors.base[0]).toMatch(/cannot be edited in status PAID/);
    expect((await send("DELETE", `/api/expense_items/${paid.id}`, headers)).status).toBe(422);
  });

  it("refuses to edit a submitted report, a final card or a settled purchase", async () => {
    const headers = await admin();
    const [pending] = await list("/api/expense_reports?status=PENDING&_end=1", headers);
    expect((await send("PATCH", `/api/expense_reports/${pending.id}`, headers, { description: "x" })).body.errors.base[0]).toMatch(/cannot be edited in status PENDING/);
    const [inactive] = await list("/api/virtual_cards?status=INACTIVE&_end=1", headers);
    const card = await send("PATCH", `/api/virtual_cards/${inactive.id}`, headers, { description: "x" });
    expect(card.status).toBe(422);
    expect(card.body.errors.base[0]).toMatch(/cannot be edited in status INACTIVE/);
    const [refunded] = await list("/api/purchases?status=REFUNDED&_end=1", headers);
    expect((await send("PATCH", `/api/purchases/${refunded.id}`, headers, { account_code: "6100" })).status).toBe(422);
  });

  it("refuses to delete a policy that reports are filed under, and deletes an unused one", async () => {
    const headers = await admin();
    const used = (await list("/api/policies?_end=100", headers)).find((p) => (p.reports_count as number) > 0)!;
    const refused = await send("DELETE", `/api/policies/${used.id}`, headers);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/cannot be deleted/);
    const unused = await created("/api/policies", headers, { name: "Throwaway policy", currency_code: "USD" });
    expect(unused.reports_count).toBe(0);
    expect((await send("DELETE", `/api/policies/${unused.id}`, headers)).status).toBe(200);
  });
});

describe("expense reports and items", () => {
  async function newReport(headers: Headers, overrides: object = {}): Promise<Row> {
    const employee = await myContactId(headers);
    return created("/api/expense_reports", headers, {
      number: `ER-T-${Math.random().toString(36).slice(2, 9)}`, employee_contact_id: employee, date: "2026-11-02", currency_code: "USD", status: "DRAFT", ...overrides,
    });
  }
  const item = (reportId: number | null, overrides: object = {}) => ({
    expense_report_id: reportId, date: "2026-11-01", merchant: "Sushi Zen", category_name: "Meals", amount: "40.00", ...overrides,
  });

  it("totals a report from its items on create, update, move and delete, in base and converted amounts", async () => {
    const headers = await admin();
    // the rate is the server's: the company's exchange rate of the report's currency at the report's date (docs/currency.md)
    expect((await send("POST", "/api/exchange_rates", headers, { currency_code: "CHF", rate_date: "2026-10-01", rate: "1.5" })).status).toBe(201);
    const report = await newReport(headers, { currency_code: "CHF" });
    expect(report).toMatchObject({ amount: "0.00", converted_amount: "0.00", submit_date: null });
    expect(Number(report.exchange_rate)).toBe(1.5);
    const first = await created("/api/expense_items", headers, item(report.id, { amount: "12.10" }));
    const second = await created("/api/expense_items", headers, item(report.id, { amount: "30.25", merchant: "Rail", category_name: "Travel" }));
    // the item takes the report's employee and currency
    expect(first).toMatchObject({ employee_contact_id: report.employee_contact_id, currency_code: "CHF" });
    let shown = (await get(`/api/expense_reports/${report.id}`, headers)).body.data;
    expect(shown).toMatchObject({ amount: "42.35", converted_amount: "63.53", expense_types: ["single expense"] });
    expect(shown.expense_items).toHaveLength(2);

    expect((await send("PATCH", `/api/expense_items/${first.id}`, headers, { amount: "20.00" })).status).toBe(200);
    expect((await get(`/api/expense_reports/${report.id}`, headers)).body.data.amount).toBe("50.25");

    const other = await newReport(headers, { currency_code: "CHF" });
    expect((await send("PATCH", `/api/expense_items/${second.id}`, headers, { expense_report_id: other.id })).status).toBe(200);
    expect((await get(`/api/expense_reports/${report.id}`, headers)).body.data).toMatchObject({ amount: "20.00", expense_types: ["single expense"] });
    expect((await get(`/api/expense_reports/${other.id}`, headers)).body.data.amount).toBe("30.25");

    expect((await send("DELETE", `/api/expense_items/${first.id}`, headers)).status).toBe(200);
    shown = (await get(`/api/expense_reports/${report.id}`, headers)).body.data;
    expect(shown).toMatchObject({ amount: "0.00", converted_amount: "0.00", expense_types: [] });

    const typedRate = await send("PATCH", `/api/expense_reports/${other.id}`, headers, { exchange_rate: "0.00001" });
    expect(typedRate.status).toBe(422);
    expect(typedRate.body.errors).toEqual({ exchange_rate: ["is set by the server and cannot be written"] });
    expect((await get(`/api/expense_reports/${other.id}`, headers)).body.data.converted_amount).toBe("45.38");
    // no rate is known for a currency without exchange rates: the report cannot be kept in it
    const unknown = await send("POST", "/api/expense_reports", headers, { number: "ER-T-NOK", employee_contact_id: report.employee_contact_id, date: "2026-11-02", currency_code: "NOK" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.currency_code[0]).toMatch(/no exchange rate to USD on or before 2026-11-02/);
  });

  it("keeps the demo reports equal to the sum of their items", async () => {
    const headers = await admin();
    for (const report of await list("/api/expense_reports?_end=30", headers)) {
      const shown = (await get(`/api/expense_reports/${report.id}`, headers)).body.data;
      const total = (shown.expense_items as { amount: string }[]).reduce((t, i) => t + Math.round(Number(i.amount) * 100), 0);
      expect(Math.round(Number(shown.amount) * 100), String(shown.number)).toBe(total);
    }
  });

  it("computes merchants, categories, attachments and violations from the items", async () => {
    const headers = await admin();
    const report = await newReport(headers);
    await created("/api/expense_items", headers, item(report.id, { merchant: "Hilton", category_name: "Lodging" }));
    const sushi = await created("/api/expense_items", headers, item(report.id, { merchant: "Sushi Zen", category_name: "Meals" }));
    expect((await list(`/api/expense_reports?id=${report.id}`, headers))[0].has_attachments).toBe(false);
    expect((await upload({ type: "ExpenseItem", id: sushi.id }, "sushi.pdf", pdf("Sushi Zen 40.00"))).statusCode).toBe(201);
    const [row] = await list(`/api/expense_reports?id=${report.id}`, headers);
    expect(row).toMatchObject({ merchant_list: "Hilton, Sushi Zen", category_list_str: "Lodging, Meals", has_attachments: true, has_policy_violations: false });
  });

  it("reads each line of a report with its receipt files (LinesDef files), to whoever reads the report", async () => {
    const headers = await admin();
    const report = await newReport(headers);
    const hilton = await created("/api/expense_items", headers, item(report.id, { merchant: "Hilton", category_name: "Lodging" }));
    const sushi = await created("/api/expense_items", headers, item(report.id, { merchant: "Sushi Zen", category_name: "Meals" }));
    expect((await upload({ type: "ExpenseItem", id: sushi.id }, "sushi.pdf", pdf("Sushi Zen 40.00"))).statusCode).toBe(201);
    const lines = (await get(`/api/expense_reports/${report.id}`, headers)).body.data.expense_items as (Row & { documents: Row[] })[];
    const byId = new Map(lines.map((line) => [line.id, line.documents]));
    expect(byId.get(hilton.id)).toEqual([]);
    expect(byId.get(sushi.id)).toEqual([expect.objectContaining({ asset_file_file_name: "sushi.pdf", content_type: "application/pdf" })]);
    // the list reads no lines, so no files
    expect((await list(`/api/expense_reports?id=${report.id}`, headers))[0].expense_items).toBeUndefined();
  });

  it("checks items against the report's policy: category limit, per diem, receipt threshold; policy changes re-check", async () => {
    const headers = await admin();
    const policy = await created("/api/policies", headers, {
      name: "Test limits", currency_code: "USD", per_diems: "50", receipt_required_over: "25", departments: ["Sales"],
      categories: [{ category: "Meals", limit: "50" }, { category: "Lodging", limit: "200" }],
    });
    expect(policy).toMatchObject({ departments_str: "Sales", categories_str: "Meals (50.00), Lodging (200.00)" });
    const report = await newReport(headers, { policy_id: policy.id });
    const over = await created("/api/expense_items", headers, item(report.id, { amount: "80.00" }));
    expect(over.policy_violation).toBe("Over the Meals limit of 50.00 USD; Receipt required over 25.00 USD");
    // the receipt file re-checks the item
    expect((await upload({ type: "ExpenseItem", id: over.id }, "over.pdf", pdf("80.00"))).statusCode).toBe(201);
    expect((await get(`/api/expense_items/${over.id}`, headers)).body.data).toMatchObject({ receipt_attached: true, policy_violation: "Over the Meals limit of 50.00 USD" });
    const within = await created("/api/expense_items", headers, item(report.id, { amount: "45.00", category_name: "meals" }));
    expect((await upload({ type: "ExpenseItem", id: within.id }, "within.pdf", pdf("45.00"))).statusCode).toBe(201);
    expect((await get(`/api/expense_items/${within.id}`, headers)).body.data.policy_violation).toBeNull();
    const noReceipt = await created("/api/expense_items", headers, item(report.id, { amount: "30.00", category_name: "Parking" }));
    expect(noReceipt.policy_violation).toBe("Receipt required over 25.00 USD");
    // a per diem is priced by the policy (rate × days), whatever amount is typed (expense-reimbursement.test.ts)
    const perDiem = await created("/api/expense_items", headers, item(report.id, { amount: "120.00", expense_type: "per diem", per_diem_days: 2, category_name: "Per Diem", merchant: "Per diem" }));
    expect(perDiem).toMatchObject({ amount: "100.00", policy_violation: null });
    expect((await get(`/api/expense_reports/${report.id}`, headers)).body.data.has_policy_violations).toBe(true);

    const raised = await send("PATCH", `/api/policies/${policy.id}`, headers, { categories: [{ category: "Meals", limit: "100" }] });
    expect(raised.status).toBe(200);
    expect((await get(`/api/expense_items/${over.id}`, headers)).body.data.policy_violation).toBeNull();
    expect((await send("PATCH", `/api/policies/${policy.id}`, headers, { categories: [{ category: "Meals", limit: "1" }, { category: "MEALS", limit: "2" }] })).body.errors.categories).toBeDefined();

    // no policy on the report: nothing to break
    expect((await send("PATCH", `/api/expense_reports/${report.id}`, headers, { policy_id: null })).status).toBe(200);
    expect((await get(`/api/expense_items/${perDiem.id}`, headers)).body.data.policy_violation).toBeNull();
  });

  it("keeps items consistent with their report and their type", async () => {
    const headers = await admin();
    const report = await newReport(headers);
    const currency = await send("POST", "/api/expense_items", headers, item(report.id, { currency_code: "EUR" }));
    expect(currency.status).toBe(422);
    expect(currency.body.errors.currency_code[0]).toMatch(/report's currency/);
    const typed = await send("POST", "/api/expense_items", headers, item(report.id, { expense_type: "per diem", amount: "0" }));
    expect(Object.keys(typed.body.errors).sort()).toEqual(["per_diem_days"]);
    const [submitted] = await list("/api/expense_reports?status=PAID&_end=1", headers);
    const late = await send("POST", "/api/expense_items", headers, item(submitted.id, { currency_code: submitted.currency_code, employee_contact_id: submitted.employee_contact_id }));
    expect(late.body.errors.expense_report_id[0]).toMatch(/is PAID: its items can no longer change/);
    // without a report: the signed-in user's own expense in the company currency, prefilled purchase order kept
    const [order] = await list("/api/purchase_orders?_end=1", headers);
    const loose = await created("/api/expense_items", headers, item(null, { purchase_order_id: order.id, receipt_id: 12345 }));
    expect(loose).toMatchObject({ employee_contact_id: await myContactId(headers), currency_code: "USD", purchase_order_id: order.id, receipt_id: 12345, status: "NEW" });
  });

  it("submits a report with items (submit date, items pending) and leaves approval and payment to their own steps", async () => {
    const headers = await admin();
    const empty = await newReport(headers);
    expect((await send("POST", `/api/expense_reports/${empty.id}/submit`, headers)).body.errors.status[0]).toMatch(/at least one expense item/);
    // the status moves by the submit and the approval engine only, never by an edit
    expect((await send("PATCH", `/api/expense_reports/${empty.id}`, headers, { status: "PENDING" })).body.errors).toEqual({ status: ["is set by the server and cannot be written"] });
    const report = await newReport(headers);
    // ≥ 500: the demo ExpenseReport workflow has a step for it, so the submitted report waits for approval
    const line = await created("/api/expense_items", headers, item(report.id, { amount: "600.00" }));
    expect((await upload({ type: "ExpenseItem", id: line.id }, "dinner.pdf", pdf("600.00"))).statusCode).toBe(201);
    const submitted = await send("POST", `/api/expense_reports/${report.id}/submit`, headers);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.submit_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get(`/api/expense_items/${line.id}`, headers)).body.data.status).toBe("PENDING");
    expect((await list(`/api/expense_approvals?id=${report.id}`, headers)).map((r) => r.id)).toEqual([report.id]);
    expect((await send("POST", "/api/expense_reports", headers, { number: "ER-T-X", employee_contact_id: report.employee_contact_id, date: "2026-11-02", currency_code: "USD", status: "OPEN" })).status).toBe(422);
  });

  it("lets a staff member file their own expenses", async () => {
    const staff = await h.login("staff@acme.test");
    const own = await created("/api/expense_items", staff, item(null, { merchant: "Staples", category_name: "Office Supplies" }));
    expect(own.employee_contact_id).toBe(await myContactId(staff));
  });
});

describe("cards", () => {
  const newCard = (overrides: object = {}) => ({ last4: "4242", card_type: "VIRTUAL", amount: "1000.00", currency_code: "USD", ...overrides });

  it("stores only the last four digits and shows them masked", async () => {
    const headers = await admin();
    for (const card of await list("/api/virtual_cards?_end=50", headers)) {
      expect(card.last4).toMatch(/^\d{4}$/);
      expect(card.masked_number).toBe(`**** **** **** ${String(card.last4)}`);
    }
    expect((await send("POST", "/api/virtual_cards", headers, newCard({ last4: "4242424242424242" }))).body.errors.last4).toBeDefined();
    expect((await send("POST", "/api/virtual_cards", headers, newCard({ card_number: "4242424242424242" }))).status).toBe(422);
    const [transaction] = await list("/api/card_transactions?virtual_card_id_null=false&_end=1", headers);
    expect(transaction.masked_number).toBe(`**** **** **** ${String((transaction.virtual_card as Row).last4)}`);
  });

  it("creates a card pending approval, submitted by the user, within its limits", async () => {
    const headers = await admin();
    const card = await created("/api/virtual_cards", headers, newCard({ per_transaction_max: "250.00" }));
    expect(card).toMatchObject({ status: "PENDING", remaining_amount: "1000.00", submitter_contact_id: await myContactId(headers), is_submitter: true });
    expect((await get(`/api/virtual_cards/${card.id}`, await h.login("readonly@acme.test"))).body.data.is_submitter).toBe(false);
    expect((await list(`/api/vcard_approvals?id=${card.id}`, headers)).length).toBe(1);
    const limits = await send("POST", "/api/virtual_cards", headers, newCard({ per_transaction_min: "300", per_transaction_max: "2000" }));
    expect(Object.keys(limits.body.errors).sort()).toEqual(["per_transaction_max"]);
    expect((await send("POST", "/api/virtual_cards", headers, newCard({ status: "ACTIVE" }))).body.errors).toEqual({ status: ["is set by the server and cannot be written"] });
  });

  it("moves a card along its life cycle only", async () => {
    const headers = await admin();
    const [pending] = await list("/api/virtual_cards?status=PENDING&_end=1", headers);
    expect((await send("PATCH", `/api/virtual_cards/${pending.id}`, headers, { status: "ACTIVE" })).body.errors).toEqual({ status: ["is set by the server and cannot be written"] });
    const notApproved = await send("POST", `/api/virtual_cards/${pending.id}/issue`, headers);
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.errors.base[0]).toMatch(/cannot issue in status PENDING/);
    const [approved] = await list("/api/virtual_cards?status=APPROVED&_end=1", headers);
    const issued = await send("POST", `/api/virtual_cards/${approved.id}/issue`, headers);
    expect(issued.status).toBe(200);
    expect(issued.body.data).toMatchObject({ status: "ACTIVE" });
    expect(issued.body.data.issue_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await send("POST", `/api/virtual_cards/${approved.id}/block_temporarily`, headers)).body.data.status).toBe("TEMPORARY BLOCK");
    expect((await send("POST", `/api/virtual_cards/${approved.id}/issue`, headers)).status).toBe(409);
  });

  it("keeps the remaining amount at the limit minus authorized and cleared spend", async () => {
    const headers = await admin();
    const [card] = await list("/api/virtual_cards?status=ACTIVE&_end=1", headers);
    const transactions = await list(`/api/card_transactions?virtual_card_id=${card.id}&transaction_status=Approved&transaction_status=CLEARED&_end=100`, headers);
    expect(transactions.length).toBeGreaterThan(0);
    // a card whose balance reloads monthly counts this month's spend only (docs/cards.md)
    const month = new Date().toISOString().slice(0, 7);
    const counted = card.is_reload_balance_monthly ? transactions.filter((x) => String(x.transaction_date) >= `${month}-01`) : transactions;
    const spent = counted.reduce((t, x) => t + Math.round(Number(x.posted_amount ?? x.authorized_amount) * 100), 0);
    expect(Math.round(Number(card.remaining_amount) * 100)).toBe(Math.round(Number(card.amount) * 100) - spent);
    const raised = await send("PATCH", `/api/virtual_cards/${card.id}`, headers, { amount: String(Number(card.amount) + 100) });
    expect(Math.round(Number(raised.body.data.remaining_amount) * 100)).toBe(Math.round(Number(card.amount) * 100) - spent + 10000);
  });

  it("filters transactions by the spec's parameters: last4, purchase_has_data, status, statement close date", async () => {
    const headers = await admin();
    const [card] = await list("/api/virtual_cards?status=ACTIVE&_end=1", headers);
    const byCard = await list(`/api/card_transactions?virtual_card.last4=${String(card.last4)}&_end=100`, headers);
    expect(byCard.length).toBeGreaterThan(0);
    expect(byCard.every((t) => t.virtual_card_id === card.id)).toBe(true);
    const withPurchase = await list("/api/card_transactions?purchase_has_data=true&_end=100", headers);
    expect(withPurchase.length).toBeGreaterThan(0);
    expect(withPurchase.every((t) => t.purchase_id !== null && (t.purchase as Row).id === t.purchase_id)).toBe(true);
    expect((await list("/api/card_transactions?purchase_has_data=false&_end=100", headers)).every((t) => t.purchase_id === null)).toBe(true);
    const [statement] = await list("/api/statements?transaction_amount_gte=1&_end=1", headers);
    const onStatement = await list(`/api/card_transactions?statement.close_date=${String(statement.close_date)}&_end=200`, headers);
    expect(onStatement.length).toBeGreaterThan(0);
    expect(onStatement.every((t) => (t.statement as Row).close_date === statement.close_date && t.transaction_status === "CLEARED")).toBe(true);
  });

  it("statements add up, and are payable when open or approved with a balance", async () => {
    const headers = await admin();
    const statements = await list("/api/statements?_end=100", headers);
    expect(new Set(statements.map((s) => s.status))).toEqual(new Set(["NEW", "OPEN", "APPROVED", "PAID", "CLOSED"]));
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    for (const s of statements) {
      expect(cents(s.current_balance)).toBe(cents(s.previous_balance) + cents(s.transaction_amount) - cents(s.credit_amount) - cents(s.payment_amount));
      expect(s.is_validate_pay_now).toBe(["OPEN", "APPROVED"].includes(String(s.status)) && cents(s.current_balance) > 0);
    }
    const shown = (await get(`/api/statements/${statements.find((s) => cents(s.transaction_amount) > 0)!.id}`, headers)).body.data;
    expect((shown.card_transactions as Row[]).reduce((t, x) => t + cents(x.posted_amount), 0)).toBe(cents(shown.transaction_amount));
    expect((await list("/api/statements?statement_type=PREPAID&_end=100", headers)).every((s) => s.statement_type === "PREPAID")).toBe(true);
  });

  it("purchases: account coding is editable while open, the status follows the provider", async () => {
    const headers = await admin();
    const [pending] = await list("/api/purchases?status=PENDING&_end=1", headers);
    const coded = await send("PATCH", `/api/purchases/${pending.id}`, headers, { account_code: "6400", department: "Sales" });
    expect(coded.status).toBe(200);
    expect(coded.body.data).toMatchObject({ account_code: "6400", department: "Sales" });
    expect((await send("PATCH", `/api/purchases/${pending.id}`, headers, { status: "PAID" })).body.errors.status).toBeDefined();
  });
});

describe("corporate-cards dashboards", () => {
  it("answers every widget for the roles of its variant", async () => {
    const [page] = expensePages;
    const users = { "dashboards.cardsAdmin": "readonly@acme.test", "dashboards.cardsStaff": "staff@acme.test" } as Record<string, string>;
    for (const variant of page.variants!) {
      const headers = await h.login(users[variant.title]);
      for (const widget of variant.widgets) {
        const filter = new URLSearchParams();
        for (const [key, value] of Object.entries(widget.filter ?? {})) for (const v of [value].flat()) filter.append(key, v);
        const url = widget.type === "count" || widget.type === "list"
          ? `/api/${widget.resource}?_end=0&${filter}`
          : `/api/${widget.resource}/stats?_group=${widget.type === "chart" ? widget.group : "currency_code"}&_sum=${widget.type === "chart" ? widget.sum ?? "" : widget.field}&${filter}`;
        expect((await get(url, headers)).status, `${variant.title} ${widget.title}`).toBe(200);
      }
    }
  });
});
