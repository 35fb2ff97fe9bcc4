/** Payables and payments: every resource of the group, its guard, its row-action conditions and its domain rules. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function get(url: string, email = "admin@acme.test"): Promise<{ status: number; body: Json }> {
  const response = await h.app.inject({ url, headers: await h.login(email) });
  return { status: response.statusCode, body: response.json() };
}

async function send(method: "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, email = "admin@acme.test"): Promise<{ status: number; body: Json }> {
  const response = await h.app.inject({ method, url, payload: payload as object, headers: await h.login(email) });
  return { status: response.statusCode, body: response.json() };
}

const first = async (url: string, email?: string) => (await get(url, email)).body.data[0];

/** A contact's role decides its keys; some keys (root, roleService) belong to no demo login. */
async function withRole<T>(email: string, role: string, run: () => Promise<T>): Promise<T> {
  const contact = await h.database.db.selectFrom("contacts").select(["id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
  await h.database.db.updateTable("contacts").set({ role }).where("id", "=", contact.id).execute();
  try {
    return await run();
  } finally {
    await h.database.db.updateTable("contacts").set({ role: contact.role }).where("id", "=", contact.id).execute();
  }
}

/** Module keys (invoices_active, …) are held by every staff role while the module is on: switch it off to be refused. */
async function withModuleOff<T>(module: string, run: () => Promise<T>): Promise<T> {
  const acme = await h.companyId("Acme Corp");
  await h.database.db.updateTable("companies").set({ module_settings: JSON.stringify({ [module]: false }) }).where("id", "=", acme).execute();
  try {
    return await run();
  } finally {
    await h.database.db.updateTable("companies").set({ module_settings: null }).where("id", "=", acme).execute();
  }
}

const resources = [
  "ap_aging", "approvals", "credit_memo_inbox", "credit_memos_approval", "edi_payments", "invoice_payment_links", "invoice_requests",
  "invoices_approval", "invoices_draft_inbox", "invoices_new_inbox", "invoices_req_receipt", "nacha_payments", "payment_methods",
  "payment_run_batches", "payment_run_items", "payment_runs", "payment_runs_approval", "payments", "payments_approval",
  "recurring_invoices", "vendor_credits",
];

describe("every resource of the group lists demo rows and shows one", () => {
  for (const name of resources) {
    it(name, async () => {
      const list = await get(`/api/${name}?_start=0&_end=5`);
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThanOrEqual(1);
      const shown = await get(`/api/${name}/${list.body.data[0].id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.data.id).toBe(list.body.data[0].id);
    });
  }

  it("credit_memo_draft (roleService or root: super_admin only)", async () => {
    expect((await get("/api/credit_memo_draft?_end=5")).status).toBe(403);
    await withRole("admin@acme.test", "super_admin", async () => {
      const list = await get("/api/credit_memo_draft?_end=5");
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThanOrEqual(1);
      expect(list.body.data.every((c: Json) => c.status === "DRAFT" && c.record_type === "CREDIT")).toBe(true);
      expect((await get(`/api/credit_memo_draft/${list.body.data[0].id}`)).status).toBe(200);
    });
  });
});

describe("guards (spec 2.15)", () => {
  const refused: [string, string][] = [
    ["/api/invoice_requests", "staff@acme.test"],
    ["/api/invoices_draft_inbox", "approver@acme.test"],
    ["/api/invoices_new_inbox", "approver@acme.test"],
    ["/api/invoices_req_receipt", "ap@acme.test"],
    ["/api/recurring_invoices", "staff@acme.test"],
    ["/api/ap_aging", "staff@acme.test"],
    ["/api/payments", "po@acme.test"],
    ["/api/payment_runs", "staff@acme.test"],
    ["/api/payment_run_items", "staff@acme.test"],
    ["/api/nacha_payments", "staff@acme.test"],
    ["/api/edi_payments", "receiving@acme.test"],
    ["/api/invoice_payment_links", "staff@acme.test"],
    ["/api/vendor_credits", "po@acme.test"],
    ["/api/credit_memo_inbox", "approver@acme.test"],
    ["/api/payment_methods", "approver@acme.test"],
    ["/api/payments", "vendor@northwind.test"],
    // module keys guard the approver lists; a vendor holds none of them (spec 6: the portal, not the company defaults)
    ["/api/invoices_approval", "vendor@northwind.test"],
    ["/api/payments_approval", "vendor@northwind.test"],
    ["/api/approvals", "vendor@northwind.test"],
  ];
  for (const [url, email] of refused) {
    it(`${url} refuses ${email}`, async () => {
      const response = await get(`${url}?_end=1`, email);
      expect(response.status).toBe(403);
      expect(response.body.errors.base[0]).toMatch(/not authorized/);
    });
  }

  it("approval lists follow their module keys (held by every staff role while the module is on)", async () => {
    expect((await get("/api/invoices_approval?_end=1", "approver@acme.test")).status).toBe(200);
    await withModuleOff("invoices_active", async () => {
      expect((await get("/api/invoices_approval?_end=1")).status).toBe(403);
      expect((await get("/api/payment_runs_approval?_end=1")).status).toBe(403); // spec 2.15: invoices_active
    });
    await withModuleOff("payments_active", async () => expect((await get("/api/payments_approval?_end=1")).status).toBe(403));
    await withModuleOff("credit_memos_active", async () => expect((await get("/api/credit_memos_approval?_end=1")).status).toBe(403));
  });

  it("inbox edits need the inbox keys", async () => {
    const draft = await first("/api/invoices_draft_inbox?_end=1");
    expect((await send("PATCH", `/api/invoices_draft_inbox/${draft.id}`, { description: "x" }, "readonly@acme.test")).status).toBe(403);
    const credit = await first("/api/credit_memo_inbox?_end=1");
    expect((await send("PATCH", `/api/credit_memo_inbox/${credit.id}`, { description: "x" }, "approver@acme.test")).status).toBe(403);
  });
});

describe("views keep to their base filter", () => {
  it("each view lists only its rows", async () => {
    expect((await get("/api/invoices_draft_inbox?_end=100")).body.data.every((i: Json) => i.status === "DRAFT")).toBe(true);
    expect((await get("/api/invoices_new_inbox?_end=100")).body.data.every((i: Json) => i.status === "NEW")).toBe(true);
    const credits = (await get("/api/vendor_credits?_end=200")).body.data;
    expect(credits.every((c: Json) => c.record_type === "CREDIT" && !["NEW", "DRAFT"].includes(c.status))).toBe(true);
    expect((await get("/api/payments?_end=1000")).body.data.some((p: Json) => p.record_type === "CREDIT")).toBe(false);
    const receipt = (await get("/api/invoices_req_receipt?_end=100")).body.data;
    expect(receipt.every((i: Json) => ["NEW", "PENDING", "APPROVED", "OPEN"].includes(i.status)
      && i.purchase_orders.some((po: Json) => ["APPROVED", "OPEN"].includes(po.status)))).toBe(true);
    const approvals = (await get("/api/payments_approval?_end=100")).body.data;
    expect(approvals.every((a: Json) => a.approvable_type === "Payment")).toBe(true);
  });

  it("a record outside the view does not exist through it", async () => {
    const paid = await first("/api/invoices?status=PAID&_end=1");
    expect((await get(`/api/invoices_draft_inbox/${paid.id}`)).status).toBe(404);
    expect((await send("PATCH", `/api/invoices_draft_inbox/${paid.id}`, { description: "x" })).status).toBe(404);
    const applied = await first("/api/vendor_credits?status=APPLIED&_end=1");
    expect((await send("PATCH", `/api/credit_memo_inbox/${applied.id}`, { description: "x" })).status).toBe(404);
  });

  it("an edit through a view is audited on the record's own table", async () => {
    const draft = await first("/api/invoices_draft_inbox?_end=1");
    const edited = await send("PATCH", `/api/invoices_draft_inbox/${draft.id}`, { description: "Checked in the draft inbox" });
    expect(edited.status).toBe(200);
    const events = await h.database.db.selectFrom("activities").select("event").where("item_type", "=", "invoices").where("item_id", "=", draft.id).execute();
    expect(events.map((e) => e.event)).toEqual(["update"]);
  });
});

describe("demo payments agree with the invoices", () => {
  it("settled links add up to payments_sum; scheduled ones lower the pending balance; payment balances are amount − linked", async () => {
    const acme = await h.companyId("Acme Corp");
    const rows = await sql<Json>`
      select i.id, i.amount, i.payments_sum, i.outstanding_balance_pending,
        coalesce((select sum(l.amount) from invoice_payment_links l join payments p on p.id = l.payment_id where l.invoice_id = i.id
          and p.status in ('PROCESSING', 'CLEARED', 'PROCESSING (REISSUED)', 'CLEARED (REISSUED)', 'AVAILABLE', 'APPLIED')), 0) as settled,
        coalesce((select sum(l.amount) from invoice_payment_links l join payments p on p.id = l.payment_id where l.invoice_id = i.id
          and p.status in ('PENDING', 'APPROVED')), 0) as scheduled
      from invoices i where i.company_id = ${acme}`.execute(h.database.db);
    const paid = rows.rows.filter((r) => Number(r.payments_sum) > 0);
    expect(paid.length).toBeGreaterThan(100);
    for (const r of rows.rows) {
      expect(Number(r.settled).toFixed(2)).toBe(Number(r.payments_sum).toFixed(2));
      expect((Number(r.amount) - Number(r.payments_sum) - Number(r.scheduled)).toFixed(2)).toBe(Number(r.outstanding_balance_pending).toFixed(2));
    }
    const balances = await sql<Json>`select p.amount, p.balance, coalesce((select sum(l.amount) from invoice_payment_links l where l.payment_id = p.id), 0) as linked
      from payments p where p.company_id = ${acme}`.execute(h.database.db);
    for (const p of balances.rows) expect((Number(p.amount) - Number(p.linked)).toFixed(2)).toBe(Number(p.balance).toFixed(2));
  });

  it("spreads payments, credits and runs over their statuses", async () => {
    const keys = async (url: string) => (await get(url)).body.data.map((r: Json) => r.key);
    expect(await keys("/api/payments/stats?_group=status")).toEqual(expect.arrayContaining(["PENDING", "APPROVED", "PROCESSING", "CLEARED", "FAILED", "VOID", "REJECTED"]));
    expect(await keys("/api/vendor_credits/stats?_group=status")).toEqual(expect.arrayContaining(["PENDING", "AVAILABLE", "APPLIED", "PROCESSING", "FAILED", "VOID", "REJECTED"]));
    expect(await keys("/api/payment_runs/stats?_group=status")).toEqual(expect.arrayContaining(["NEW", "PENDING", "APPROVED", "OPEN", "CLOSED", "REJECTED", "VOID", "FAILED"]));
  });
});

describe("payments", () => {
  it("filter by invoice (invoiceID), embed the invoices through the links, and list their numbers", async () => {
    const invoice = await first("/api/invoices?status=PAID&_end=1");
    const payments = (await get(`/api/payments?invoices.id=${invoice.id}`)).body.data;
    expect(payments.length).toBeGreaterThanOrEqual(1);
    expect(payments.every((p: Json) => p.invoice_numbers.includes(invoice.number) && p.has_linked_invoices_disp === "Yes")).toBe(true);
    const shown = (await get(`/api/payments/${payments[0].id}`)).body.data;
    expect(shown.invoices.map((i: Json) => i.id)).toContain(invoice.id);
    expect(shown.invoice_payment_links.some((l: Json) => l.invoice_id === invoice.id)).toBe(true);
    expect(shown).toMatchObject({ currency: { iso_code: "USD" }, is_payment_allow_to_delete: false, vendor: { id: invoice.vendor_id } });
  });

  it("invoices_all finds invoices by payment number; an invoice shows its payments and approvals", async () => {
    const payment = await first("/api/payments?status=CLEARED&_end=1");
    const invoices = (await get(`/api/invoices?payments.payment_number_like=${payment.payment_number}`)).body.data;
    expect(invoices.length).toBeGreaterThanOrEqual(1);
    const shown = (await get(`/api/invoices/${invoices[0].id}`)).body.data;
    expect(shown.payments.map((p: Json) => p.payment_number)).toContain(payment.payment_number);
    const pending = await first("/api/invoices?status=PENDING&_end=1");
    const approvals = (await get(`/api/invoices/${pending.id}`)).body.data.approvals;
    expect(approvals.some((a: Json) => a.aasm_state === "pending")).toBe(true);
  });

  it("refuses to delete a payment that moved money", async () => {
    const cleared = await first("/api/payments?status=CLEARED&_end=1");
    const response = await send("DELETE", `/api/payments/${cleared.id}`);
    expect(response.status).toBe(422);
    expect(response.body.errors.base[0]).toMatch(/cannot be deleted in status CLEARED/);
  });

  it("show the approval status and the next approver", async () => {
    const pending = await first("/api/payments?status=PENDING&_end=1");
    expect(pending.approval_status).toBe("PENDING");
    expect(pending.next_actionable_approver.name).toBe("Approver Acme");
  });
});

describe("vendor credits", () => {
  it("delete only while unapplied (is_payment_allow_to_delete), taking their approvals with them", async () => {
    const applied = await first("/api/vendor_credits?status=APPLIED&_end=1");
    expect(applied).toMatchObject({ balance: "0.00", has_linked_invoices_disp: "Yes", is_payment_allow_to_delete: false });
    const refused = await send("DELETE", `/api/vendor_credits/${applied.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/cannot be deleted in status APPLIED/);

    const available = (await get("/api/vendor_credits?status=AVAILABLE&_end=50")).body.data.find((c: Json) => c.is_payment_allow_to_delete);
    expect(available.balance).toBe(available.amount);
    expect((await send("DELETE", `/api/vendor_credits/${available.id}`, undefined, "ap@acme.test")).status).toBe(200);
    const left = await h.database.db.selectFrom("approvals").select("id").where("approvable_type", "=", "CreditMemo").where("approvable_id", "=", available.id).execute();
    expect(left).toEqual([]);
    expect((await send("DELETE", `/api/vendor_credits/${available.id}`)).status).toBe(404);
  });

  it("inbox edits keep the balance and move a credit only to PENDING", async () => {
    const credit = await first("/api/credit_memo_inbox?_end=1");
    const forged = await send("PATCH", `/api/credit_memo_inbox/${credit.id}`, { amount: "123.45", balance: "1" });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ balance: ["is set by the server and cannot be written"] });
    const edited = await send("PATCH", `/api/credit_memo_inbox/${credit.id}`, { amount: "123.45" });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ amount: "123.45", balance: "123.45", record_type: "CREDIT" });
    const jump = await send("PATCH", `/api/credit_memo_inbox/${credit.id}`, { status: "AVAILABLE" });
    expect(jump.status).toBe(422);
    expect(jump.body.errors).toEqual({ status: ["is set by the server and cannot be written"] });
    expect((await send("PATCH", `/api/credit_memo_inbox/${credit.id}`, { amount: "0" })).status).toBe(422);
    // submitting it starts the approval engine: the demo CreditMemo workflow asks admin
    const submitted = await send("POST", `/api/credit_memo_inbox/${credit.id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe("PENDING");
    expect((await get(`/api/credit_memo_inbox/${credit.id}`)).status).toBe(404);
    expect((await get(`/api/vendor_credits/${credit.id}`)).body.data.status).toBe("PENDING");
    expect((await get(`/api/approvals?approvable_type=CreditMemo&approvable_id=${credit.id}`)).body.data).toEqual([expect.objectContaining({ aasm_state: "pending", step: 1 })]);
  });
});

describe("nacha payments", () => {
  it("delete only a NEW file, with deleteInvoices", async () => {
    const downloaded = await first("/api/nacha_payments?status=DOWNLOAD&_end=1");
    expect(downloaded.is_allow_to_delete).toBe(false);
    const refused = await send("DELETE", `/api/nacha_payments/${downloaded.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base[0]).toMatch(/cannot be deleted in status DOWNLOAD/);
    const fresh = await first("/api/nacha_payments?status=NEW&_end=1");
    expect(fresh).toMatchObject({ is_allow_to_delete: true, currency: { symbol: "$" } });
    expect((await send("DELETE", `/api/nacha_payments/${fresh.id}`, undefined, "ap@acme.test")).status).toBe(403);
    expect((await send("DELETE", `/api/nacha_payments/${fresh.id}`)).status).toBe(200);
  });
});

describe("payment runs", () => {
  it("show batches, invoice rows, payment rows and approvals whose totals agree", async () => {
    const run = await first("/api/payment_runs?status=CLOSED&_end=1");
    const shown = (await get(`/api/payment_runs/${run.id}`)).body.data;
    const included = shown.payment_run_items.filter((i: Json) => !i.excluded);
    const sum = (rows: Json[], field: string) => rows.reduce((t, r) => t + Math.round(Number(r[field]) * 100), 0);
    expect(sum(included, "amount")).toBe(Math.round(Number(shown.total_amount) * 100));
    expect(sum(shown.payment_run_batches, "total_amount_in_functional")).toBe(Math.round(Number(shown.total_amount) * 100));
    expect(sum(shown.payments, "amount")).toBe(Math.round(Number(shown.total_amount) * 100));
    expect(new Set(included.map((i: Json) => i.vendor_id)).size).toBe(shown.total_vendor_count);
    expect(shown.approvals.map((a: Json) => a.aasm_state)).toEqual(["approved"]);
    const unprocessed = (await get("/api/payment_runs?status=UNPROCESSED&_end=50")).body.data;
    expect(new Set(unprocessed.map((r: Json) => r.status))).toEqual(new Set(["NEW", "PENDING"]));
  });
});

describe("approvals", () => {
  it("embed the approvable record; invoice approvals wait for the approver, then (≥ 10,000) for admin", async () => {
    const rows = (await get("/api/invoices_approval?aasm_state=pending&step=1&_end=50", "approver@acme.test")).body.data;
    expect(rows.length).toBeGreaterThan(0);
    const contact = async (email: string) => (await h.database.db.selectFrom("contacts").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const approver = await contact("approver@acme.test");
    expect(rows.every((a: Json) => a.contact_id === approver)).toBe(true);
    const second = (await get("/api/invoices_approval?aasm_state=pending&step=2&_end=50")).body.data;
    expect(second.length).toBeGreaterThan(0);
    const admin = await contact("admin@acme.test");
    expect(second.every((a: Json) => a.contact_id === admin)).toBe(true);
    const invoice = (await get(`/api/invoices/${rows[0].approvable_id}`)).body.data;
    expect(invoice.status).toBe("PENDING");
    expect(rows[0].approvable).toEqual({ id: invoice.id, number: invoice.number, amount: invoice.amount, currency_code: "USD", vendor_name: invoice.vendor.name, screen: `/invoices/${String(invoice.id)}/approval` });
    const run = await first("/api/payment_runs_approval?_end=1");
    expect(run.approvable).toMatchObject({ number: expect.stringMatching(/^PR-/), vendor_name: null });
    const credit = await first("/api/credit_memos_approval?_end=1");
    expect(credit.approvable.number).toMatch(/^CM-/);
  });
});

describe("payment methods", () => {
  const vendorId = async () => (await first("/api/vendors?_end=1")).id as number;
  const ach = (vendor: number, overrides: Json = {}) => ({
    owner_type: "Vendor", vendor_id: vendor, payment_type: "ach", currency_code: "USD", name: "Test ACH", routing: "021000021", account_number: "000123456789", ...overrides,
  });

  it("check the ABA routing number, the IBAN and the fields each type needs", async () => {
    const vendor = await vendorId();
    const routing = await send("POST", "/api/payment_methods", ach(vendor, { routing: "021000022" }));
    expect(routing.status).toBe(422);
    expect(routing.body.errors).toEqual({ routing: ["is not a valid ABA routing number"] });
    const sepa = await send("POST", "/api/payment_methods", { owner_type: "Vendor", vendor_id: vendor, payment_type: "sepa", currency_code: "EUR", iban: "DE89 3704 0044 0532 0130 01", bic: "DEUTDEFF" });
    expect(sepa.status).toBe(422);
    expect(sepa.body.errors.iban).toEqual(["has wrong check digits"]);
    const missing = await send("POST", "/api/payment_methods", ach(vendor, { account_number: null, vendor_id: null }));
    expect(Object.keys(missing.body.errors).sort()).toEqual(["account_number", "vendor_id"]);
    const nacha = await send("POST", "/api/payment_methods", ach(vendor, { nacha_company_id: "1234567890" }));
    expect(nacha.body.errors.nacha_company_id).toBeDefined();
    const good = await send("POST", "/api/payment_methods", { owner_type: "Vendor", vendor_id: vendor, payment_type: "sepa", currency_code: "EUR", iban: "de89 3704 0044 0532 0130 00", bic: "DEUTDEFF" });
    expect(good.status).toBe(201);
    expect(good.body.data.iban).toBe("DE89370400440532013000");
  });

  it("store the account number but send it back masked; one default per owner", async () => {
    const vendor = await vendorId();
    const created = await send("POST", "/api/payment_methods", ach(vendor, { is_default: true }));
    expect(created.status).toBe(201);
    expect(created.body.data.account_number).toBeUndefined();
    expect(created.body.data.account_number_masked).toBe("••••6789");
    const stored = await h.database.db.selectFrom("payment_methods").select("account_number").where("id", "=", created.body.data.id).executeTakeFirstOrThrow();
    expect(stored.account_number).toBe("000123456789");
    const second = await send("POST", "/api/payment_methods", ach(vendor, { is_default: true, account_number: "99998888" }));
    expect(second.status).toBe(201);
    expect((await get(`/api/payment_methods/${created.body.data.id}`)).body.data.is_default).toBe(false);
    const edited = await send("PATCH", `/api/payment_methods/${created.body.data.id}`, { name: "Renamed" });
    expect(edited.status).toBe(200);
    const kept = await h.database.db.selectFrom("payment_methods").select("account_number").where("id", "=", created.body.data.id).executeTakeFirstOrThrow();
    expect(kept.account_number).toBe("000123456789");
    expect((await send("PATCH", `/api/payment_methods/${created.body.data.id}`, { routing: "123456789" })).body.errors.routing).toBeDefined();
  });

  it("never let the account number be probed or read back", async () => {
    for (const url of ["/api/payment_methods?account_number_like=6789", "/api/payment_methods?_sort=account_number", "/api/payment_methods/stats?_group=account_number"]) {
      expect((await get(url)).status).toBe(400);
    }
    const listed = (await get("/api/payment_methods?_end=50")).body.data;
    expect(listed.every((m: Json) => !("account_number" in m))).toBe(true);
    const vendor = await vendorId();
    const created = (await send("POST", "/api/payment_methods", ach(vendor, { account_number: "55554444" }))).body.data;
    const deleted = await send("DELETE", `/api/payment_methods/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.account_number).toBeUndefined();
    const events = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "payment_methods").where("item_id", "=", created.id).execute();
    // create and destroy name the number filtered; the approval chain's status move (PENDING) does not name it
    expect(events.map((e) => (e.changes as Json).account_number).filter((v) => v !== undefined)).toEqual(["[FILTERED]", "[FILTERED]"]);
    expect(JSON.stringify(events)).not.toContain("55554444");
  });
});

describe("recurring invoices", () => {
  const template = (vendor: number, overrides: Json = {}) => ({
    vendor_id: vendor, amount: "500.00", currency_code: "USD", frequency: "monthly", start_date: "2031-01-31", description: "Rent",
    debit_entries: [{ account_number: "6000", amount: "500.00" }], ...overrides,
  });

  it("keep a consistent schedule and GL coding, and show the next dates", async () => {
    const vendor = (await first("/api/vendors?_end=1")).id;
    const bad = await send("POST", "/api/recurring_invoices", template(vendor, { end_date: "2030-12-31", debit_entries: [{ account_number: "6000", amount: "1.00" }] }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["debit_entries", "end_date"]);
    const created = await send("POST", "/api/recurring_invoices", template(vendor, { end_date: "2031-03-31" }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ next_date: "2031-01-31", valid: true, upcoming_dates: "2031-01-31, 2031-02-28, 2031-03-31", status: "ACTIVE" });
    const late = await send("PATCH", `/api/recurring_invoices/${created.body.data.id}`, { next_date: "2031-04-30" });
    expect(late.status).toBe(422);
    expect(late.body.errors.next_date).toEqual(["must be on or before the end date"]);
  });
});

describe("AP aging", () => {
  it("lists unpaid invoices with a balance by vendor, the buckets adding up to the balance", async () => {
    const rows = (await get("/api/ap_aging?_end=200")).body.data;
    expect(rows.length).toBeGreaterThan(0);
    // grouped by vendor: once a vendor's rows end, that vendor does not come back
    const names: string[] = rows.map((r: Json) => r.vendor.name);
    const runs = names.filter((name, i) => name !== names[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    for (const r of rows) {
      expect(["NEW", "PENDING", "APPROVED", "OPEN"]).toContain(r.status);
      const buckets = ["amt_overdue_0_to_30", "amt_overdue_31_to_60", "amt_overdue_61_to_over"].reduce((t, f) => t + Math.round(Number(r[f]) * 100), 0);
      expect(buckets).toBe(Math.round(Number(r.balance_outstanding) * 100));
    }
  });
});
