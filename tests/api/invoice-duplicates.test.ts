/**
 * Duplicate invoices (issue 30 item 4): the normalized number is unique per vendor by a database index
 * (20 simultaneous creates of INV-0042 / inv 42 / #42: one created, the others 422 naming it); a
 * suspected duplicate is flagged, listed by its notice, held from approval and pay-bills until someone
 * other than its creator overrides it with a reason (audited).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { normalizeInvoiceNumber } from "../../src/server/domain/payables/invoice-numbers.js";
import { payableFixture } from "../bench/payables-fixture.js";
import { useApp } from "./harness.js";

const h = useApp();
let tags = 0;
const tag = () => `DUP${process.pid}-${++tags}`;
const acme = () => h.companyId("Acme Corp");

async function call(email: string, method: "GET" | "POST", url: string, payload?: object) {
  return h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });
}

async function freshVendor(): Promise<number> {
  return (await payableFixture(h.database.db, await acme(), { vendors: 1, perVendor: 0, tag: tag() })).vendorIds[0];
}

const invoice = (vendorId: number, number: string, amount: string, date = "2026-12-01") => ({
  number, vendor_id: vendorId, date, due_date: "2026-12-31", amount, currency_code: "USD", debit_entries: [{ account_number: "6000", amount }],
});

// the demo companies are seeded with the hold off (docs/payables.md): Acme holds suspected duplicates here
beforeAll(async () => {
  await h.database.db.updateTable("companies").set({ hold_suspected_duplicates: true }).where("id", "=", await acme()).execute();
});
afterAll(async () => {
  await h.database.db.updateTable("companies").set({ hold_suspected_duplicates: false }).where("id", "=", await acme()).execute();
});

describe("duplicate invoice numbers", () => {
  it("normalizes case, spaces, punctuation, INV/# prefixes and leading zeros, the same in code and in the database", async () => {
    expect(["INV-0042", "inv 42", "#42", "Invoice 042", "42"].map(normalizeInvoiceNumber)).toEqual(["42", "42", "42", "42", "42"]);
    expect(normalizeInvoiceNumber("clean-2026-12-01 ")).toBe(normalizeInvoiceNumber("CLEAN20261201"));
    const vendor = await freshVendor();
    const samples = ["A-001/7", "INVOICE #0009", "xClean 2026.12.01"];
    for (const [n, number] of samples.entries()) {
      const created = await call("ap@acme.test", "POST", "/api/invoices", invoice(vendor, number, `${10 + n * 50}.00`, `2026-0${n + 1}-01`));
      expect(created.statusCode, created.body).toBe(201);
      const row = await h.database.db.selectFrom("invoices").select("normalized_number").where("id", "=", created.json().data.id).executeTakeFirstOrThrow();
      expect(row.normalized_number).toBe(normalizeInvoiceNumber(number));
    }
  });

  it("20 simultaneous creates of INV-0042 / inv 42 / #42 for one vendor: exactly one created, the others 422 naming it", async () => {
    const vendor = await freshVendor();
    const numbers = ["INV-0042", "inv 42", "#42"];
    const headers = await h.login("ap@acme.test");
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => h.app.inject({
      method: "POST", url: "/api/invoices", headers, payload: invoice(vendor, numbers[i % 3], "1588.51"),
    })));
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    const first = created[0].json().data as { id: number; number: string };
    const refused = responses.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json().errors.number[0]).toContain(`duplicates invoice ${first.number} (id ${first.id}`);
    const rows = await h.database.db.selectFrom("invoices").select("id").where("vendor_id", "=", vendor).execute();
    expect(rows).toHaveLength(1);
  });

  it("the index is the wall behind the check: a direct insert of the same normalized number fails; a rejected invoice does not count", async () => {
    const vendor = await freshVendor();
    const company = await acme();
    const base = { company_id: company, vendor_id: vendor, date: "2026-11-01", due_date: "2026-12-01", amount: "5.00", currency_code: "USD", balance_outstanding: "5.00", outstanding_balance_pending: "5.00" };
    await h.database.db.insertInto("invoices").values({ ...base, number: "INV-7", status: "REJECTED" }).execute();
    await h.database.db.insertInto("invoices").values({ ...base, number: "#0007", status: "NEW" }).execute();
    await expect(h.database.db.insertInto("invoices").values({ ...base, number: "inv 7", status: "APPROVED" }).execute()).rejects.toThrow(/invoices_number_key/);
  });
});

describe("suspected duplicates", () => {
  it("flagged with its look-alikes, held from approval and pay-bills until another user overrides it with a reason", async () => {
    const fixture = await payableFixture(h.database.db, await acme(), { vendors: 1, perVendor: 0, tag: tag() });
    const vendor = fixture.vendorIds[0];
    const first = await call("ap@acme.test", "POST", "/api/invoices", invoice(vendor, `CLEAN${tags}20261201`, "1000.00", "2026-12-01"));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.suspected_duplicate).toBe(false);
    // another number, amount within 1 %, date within 30 days: created, but flagged
    const second = await call("ap@acme.test", "POST", "/api/invoices", invoice(vendor, `XCLEAN-${tags}-2026-12-01`, "1005.00", "2026-12-10"));
    expect(second.statusCode, second.body).toBe(201);
    const id = second.json().data.id as number;
    const shown = (await call("ap@acme.test", "GET", `/api/invoices/${id}`)).json().data;
    expect(shown).toMatchObject({ suspected_duplicate: true, is_validate_pay_now: false });
    expect(shown.suspected_duplicates.map((l: { id: number }) => l.id)).toEqual([first.json().data.id]);
    expect(shown.suspected_duplicates[0].message).toContain(first.json().data.number);

    // approval held: submitted, the approver's approval is refused with a plain reason
    expect((await call("ap@acme.test", "POST", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
    const [approval] = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=Invoice&approvable_id=${id}`)).json().data as { id: number }[];
    const held = await call("approver@acme.test", "POST", `/api/approvals/${approval.id}/approve`);
    expect(held.statusCode).toBe(422);
    expect(held.json().errors.base[0]).toContain("suspected duplicate");

    // payment held: even approved (as if approved before), pay-bills leaves it out and a run refuses it
    await h.database.db.updateTable("invoices").set({ status: "APPROVED" }).where("id", "=", id).execute();
    const payable = (await call("admin@acme.test", "GET", `/api/invoices_pay_bills?vendor_id=${vendor}&payable=now`)).json().data as { id: number }[];
    expect(payable.map((r) => r.id)).not.toContain(id);
    const run = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: earliestPaymentDate(), items: [{ invoice_id: id, amount: "1005.00" }] });
    expect(run.statusCode).toBe(422);
    expect(run.json().errors["items.0.invoice_id"][0]).toContain("suspected duplicate");
    await h.database.db.updateTable("invoices").set({ status: "PENDING" }).where("id", "=", id).execute();

    // its creator cannot override it; no reason is a 422; another user with a reason can (audited)
    expect((await call("ap@acme.test", "POST", `/api/invoices/${id}/override_duplicate`, { reason: "mine" })).statusCode).toBe(403);
    expect((await call("admin@acme.test", "POST", `/api/invoices/${id}/override_duplicate`, { reason: "" })).statusCode).toBe(422);
    const overridden = await call("admin@acme.test", "POST", `/api/invoices/${id}/override_duplicate`, { reason: "Separate delivery, confirmed with the vendor" });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json().data).toMatchObject({ suspected_duplicate: false, duplicate_override_reason: "Separate delivery, confirmed with the vendor" });
    const activity = await h.database.db.selectFrom("activities").select(["changes"]).where("item_type", "=", "invoices").where("item_id", "=", id)
      .orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.stringify(activity.changes)).toContain("Separate delivery");
    const approved = await call("approver@acme.test", "POST", `/api/approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
  }, 120_000);

  it("the same normalized number at another vendor with the same amount is a look-alike", async () => {
    const [a, b] = [await freshVendor(), await freshVendor()];
    const number = `INV-00${tags}77`;
    expect((await call("ap@acme.test", "POST", "/api/invoices", invoice(a, number, "77.00", "2026-01-05"))).statusCode).toBe(201);
    const other = await call("ap@acme.test", "POST", "/api/invoices", invoice(b, `#${tags}77`, "77.00", "2026-06-05"));
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.suspected_duplicate).toBe(true);
  });
});
