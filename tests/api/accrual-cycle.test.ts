/**
 * The accrual cycle (issue 15, docs/accruals.md): create, approve, post to the journal, reversal by the
 * scheduled job on day 1 of the next period (run with an injected date), matching to invoices, close;
 * the summary rolled forward per month; the journal balanced. And the refusals: a user without the
 * key, another company's accrual or invoice, a status written by PATCH, a second reversal, a match
 * beyond the accrual's balance or across vendors.
 */
import { describe, expect, it } from "vitest";
import { runAccrualReversals } from "../../src/server/domain/accruals/accrual-ledger.js";
import { acmeOf, approvalsOf, useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { poFixtures, type Json, type Method } from "./po-fixtures.js";

const h = useApp();
const { call, approvedOrder } = poFixtures(h);
const admin = (method: Method, url: string, payload?: Json) => call("admin@acme.test", method, url, payload);
const tag = () => Math.random().toString(36).slice(2, 8);

async function vendors(): Promise<[number, number]> {
  const companyId = await h.companyId("Acme Corp");
  const rows = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", companyId).orderBy("id").limit(2).execute();
  return [rows[0]!.id, rows[1]!.id];
}

async function invoice(vendorId: number, amount: string, date: string): Promise<number> {
  const created = await admin("POST", "/api/invoices", { number: `INV-A-${tag()}`, vendor_id: vendorId, date, due_date: date, amount, currency_code: "USD" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as number;
}

/** The accrual's pending approvals, approved by the admin (the demo's Accrual workflow names them). */
async function approveAll(id: number, email = "admin@acme.test"): Promise<void> {
  for (const pending of (await approvalsOf(h, "Accrual", id)).filter((r) => r.aasm_state === "pending")) {
    const approved = await call(email, "POST", `/api/approvals/${pending.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }
}

/** An accrual made by hand and taken to `to` through submit (the approval engine), approval and post. */
async function accrual(fields: Json, to: "NEW" | "APPROVED" | "OPEN" = "OPEN"): Promise<Json> {
  const created = await admin("POST", "/api/accruals", { date: "2026-01-31", amount: "1000.00", account_number: "6200", auto_reverse: true, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as number;
  if (to === "NEW") return created.body.data as Json;
  // the demo's Accrual workflow: the admin approves
  expect((await admin("POST", `/api/accruals/${id}/submit`)).status).toBe(200);
  await approveAll(id);
  if (to === "OPEN") {
    const posted = await admin("POST", `/api/accruals/${id}/post`);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  }
  return (await admin("GET", `/api/accruals/${id}`)).body.data as Json;
}

const journalOf = (id: number) => h.database.db.selectFrom("account_transactions as t").innerJoin("accounts as a", "a.id", "t.account_id")
  .select(["t.entry_number", "t.date", "a.number", "t.debit_amount", "t.credit_amount"])
  .where("t.account_transactionable_type", "=", "Accrual").where("t.account_transactionable_id", "=", id).orderBy("t.id").execute();

/** Every entry of the company's journal balances, and so does the whole. */
async function expectBalancedJournal(): Promise<void> {
  const companyId = await h.companyId("Acme Corp");
  const rows = await h.database.db.selectFrom("account_transactions").select(["entry_number", "debit_amount", "credit_amount"]).where("company_id", "=", companyId).execute();
  const cents = (v: unknown) => Math.round(Number(v) * 100);
  const net = new Map<string, number>();
  for (const row of rows) net.set(row.entry_number, (net.get(row.entry_number) ?? 0) + cents(row.debit_amount) - cents(row.credit_amount));
  expect([...net].filter(([, n]) => n !== 0)).toEqual([]);
  expect([...net.values()].reduce((a, b) => a + b, 0)).toBe(0);
}

const summaryOf = async (vendorId: number, accountNumber: string) =>
  ((await admin("GET", `/api/accrual_summaries?vendor_id=${vendorId}&account_number=${accountNumber}&_sort=period&_order=asc&_end=50`)).body.data as Json[])
    .map((r) => ({ period: r.period, start: r.open_amt_start, accrued: r.accrued_amt_period, matched: r.matched_amt_period, reversed: r.reversed_amt_period, closed: r.closed_amt_period, end: r.open_amt_end }));

describe("the accrual cycle", () => {
  it("1,000 posted at month end, reversed on day 1 by the job (twice run, once reversed), matched to a 980 invoice, closed: the summary shows it and the journal balances", async () => {
    const [vendorId] = await vendors();
    // its own expense account keeps this test's summary rows apart from the other tests'
    const made = await accrual({ vendor_id: vendorId, account_number: "6400", description: "January rent estimate" }, "APPROVED");
    expect(made).toMatchObject({ status: "APPROVED", number: expect.stringMatching(/^ACR-\d+$/), account_name: "Rent & Facilities", balance: "1000.00", currency_code: "USD" });
    expect(await journalOf(made.id)).toEqual([]);

    const posted = await admin("POST", `/api/accruals/${made.id}/post`);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.data).toMatchObject({ status: "OPEN", posted_on: "2026-01-31", reversed_on: null });
    expect(await journalOf(made.id)).toEqual([
      { entry_number: expect.stringMatching(/-1$/), date: "2026-01-31", number: "6400", debit_amount: "1000.00", credit_amount: "0.00" },
      { entry_number: expect.stringMatching(/-1$/), date: "2026-01-31", number: "2100", debit_amount: "0.00", credit_amount: "1000.00" },
    ]);

    // the job on the last day of the period: not yet; on day 1 of the next: reversed, dated day 1; again: nothing more
    expect(await runAccrualReversals(h.database.db, "2026-01-31")).not.toContain(made.id);
    expect(await runAccrualReversals(h.database.db, "2026-02-01")).toContain(made.id);
    expect(await runAccrualReversals(h.database.db, "2026-02-01")).not.toContain(made.id);
    expect(await runAccrualReversals(h.database.db, "2026-03-05")).not.toContain(made.id);
    const reversal = (await journalOf(made.id)).slice(2);
    expect(reversal).toEqual([
      { entry_number: expect.stringMatching(/-2$/), date: "2026-02-01", number: "6400", debit_amount: "0.00", credit_amount: "1000.00" },
      { entry_number: expect.stringMatching(/-2$/), date: "2026-02-01", number: "2100", debit_amount: "1000.00", credit_amount: "0.00" },
    ]);
    // by hand neither: the reverse action is offered only before a reversal (409), and the journal is unchanged
    expect((await admin("POST", `/api/accruals/${made.id}/reverse`, {})).status).toBe(409);
    expect(await journalOf(made.id)).toHaveLength(4);

    // matched from the accrual's page to the vendor's 980 invoice of February: the whole invoice, the balance taking it
    const inv = await invoice(vendorId, "980.00", "2026-02-10");
    const matched = await admin("POST", `/api/accruals/${made.id}/match`, { invoice_id: inv });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body.data).toMatchObject({ status: "OPEN", balance: "20.00" });
    expect(((await admin("GET", `/api/accrual_invoice_links?accrual_id=${made.id}`)).body.data as Json[]).map((l) => [l.invoice_id, l.amount])).toEqual([[inv, "980.00"]]);

    const closed = await admin("POST", `/api/accruals/${made.id}/close`, { date: "2026-02-28" });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: "CLOSED", closed_on: "2026-02-28", balance: "20.00" });
    // reversed already: the close posts nothing more
    expect(await journalOf(made.id)).toHaveLength(4);

    expect(await summaryOf(vendorId, "6400")).toEqual([
      { period: "2026-01", start: "0.00", accrued: "1000.00", matched: "0.00", reversed: "0.00", closed: "0.00", end: "1000.00" },
      { period: "2026-02", start: "1000.00", accrued: "0.00", matched: "980.00", reversed: "1000.00", closed: "0.00", end: "0.00" },
    ]);
    await expectBalancedJournal();
    // the accrued liability of these accruals in the journal is the summary's open at end: nothing left
    const liability = (await journalOf(made.id)).filter((l) => l.number === "2100").reduce((n, l) => n + Number(l.credit_amount) - Number(l.debit_amount), 0);
    expect(liability).toBe(0);
  });

  it("the demo data's summary rolls forward exactly, month by month, and its open at end is what the journal holds on Accrued Liabilities", async () => {
    const companyId = await h.companyId("Acme Corp");
    const rows = await h.database.db.selectFrom("accrual_summaries").selectAll().where("company_id", "=", companyId).orderBy("period").execute();
    expect(rows.length).toBeGreaterThan(5);
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    for (const r of rows) expect(cents(r.open_amt_start) + cents(r.accrued_amt_period) - cents(r.reversed_amt_period) - cents(r.closed_amt_period)).toBe(cents(r.open_amt_end));
    // the latest month of each key is what is open now; the journal's Accrued Liabilities on accruals agree
    const latest = new Map<string, number>();
    for (const r of rows) latest.set(`${r.account_number}|${r.vendor_id}|${r.accrual_type}|${r.currency_code}`, cents(r.open_amt_end));
    const open = [...latest.values()].reduce((a, b) => a + b, 0);
    const liability = await h.database.db.selectFrom("account_transactions as t").innerJoin("accounts as a", "a.id", "t.account_id")
      .select(["t.debit_amount", "t.credit_amount"]).where("t.company_id", "=", companyId).where("a.number", "=", "2100").where("t.account_transactionable_type", "=", "Accrual").execute();
    expect(open).toBeGreaterThan(0);
    expect(liability.reduce((n, l) => n + cents(l.credit_amount) - cents(l.debit_amount), 0)).toBe(open);
    await expectBalancedJournal();
  });

  it("three runs of the job at once reverse each due accrual exactly once", async () => {
    const [vendorId] = await vendors();
    const due = [await accrual({ vendor_id: vendorId, date: "2026-06-15" }), await accrual({ vendor_id: vendorId, date: "2026-06-30" })];
    const runs = await Promise.all([0, 1, 2].map(() => runAccrualReversals(h.database.db, "2026-07-01")));
    const ids = due.map((a) => a.id as number);
    expect(runs.flat().filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    for (const a of due) {
      const lines = await journalOf(a.id);
      expect(lines.map((l) => [l.date, l.number, l.debit_amount, l.credit_amount])).toEqual([
        [a.date, "6200", "1000.00", "0.00"], [a.date, "2100", "0.00", "1000.00"],
        ["2026-07-01", "6200", "0.00", "1000.00"], ["2026-07-01", "2100", "1000.00", "0.00"],
      ]);
    }
  });

  it("an accrual without auto_reverse stays on the books until closed; its close releases it, and the summary rolls each month forward", async () => {
    const [vendorId] = await vendors();
    const a = await accrual({ vendor_id: vendorId, account_number: "6500", auto_reverse: false, date: "2026-03-31", amount: "400.00" });
    expect(await runAccrualReversals(h.database.db, "2026-05-01")).not.toContain(a.id);
    const inv = await invoice(vendorId, "150.00", "2026-04-15");
    expect((await admin("POST", "/api/accrual_invoice_links", { accrual_id: a.id, invoice_id: inv, amount: "150.00" })).status).toBe(201);
    // the close's date is never before the accrual's
    const early = await admin("POST", `/api/accruals/${a.id}/close`, { date: "2026-03-01" });
    expect(early.status).toBe(422);
    expect(early.body.errors.date).toBeDefined();
    expect((await admin("POST", `/api/accruals/${a.id}/close`, { date: "2026-05-20" })).status).toBe(200);
    expect((await journalOf(a.id)).slice(2)).toEqual([
      { entry_number: expect.stringMatching(/-2$/), date: "2026-05-20", number: "6500", debit_amount: "0.00", credit_amount: "400.00" },
      { entry_number: expect.stringMatching(/-2$/), date: "2026-05-20", number: "2100", debit_amount: "400.00", credit_amount: "0.00" },
    ]);
    expect(await summaryOf(vendorId, "6500")).toEqual([
      { period: "2026-03", start: "0.00", accrued: "400.00", matched: "0.00", reversed: "0.00", closed: "0.00", end: "400.00" },
      { period: "2026-04", start: "400.00", accrued: "0.00", matched: "150.00", reversed: "0.00", closed: "0.00", end: "400.00" },
      { period: "2026-05", start: "400.00", accrued: "0.00", matched: "0.00", reversed: "0.00", closed: "400.00", end: "0.00" },
    ]);
    // a closed accrual's matches stay
    const link = (await admin("GET", `/api/accrual_invoice_links?accrual_id=${a.id}`)).body.data[0] as Json;
    expect((await admin("DELETE", `/api/accrual_invoice_links/${link.id}`)).status).toBe(422);
    await expectBalancedJournal();
  });

  it("made from a PO line: its order, vendor, account and unbilled amount fill the accrual; from the order: its open balance", async () => {
    const [vendorId, other] = await vendors();
    const order = await approvedOrder(vendorId);
    const lines = (await admin("GET", `/api/po_items?purchase_order_id=${order.id}&_sort=line&_order=asc`)).body.data as Json[];
    const fromLine = await admin("POST", "/api/accruals", { po_item_id: lines[1]!.id, date: "2026-11-30" });
    expect(fromLine.status, JSON.stringify(fromLine.body)).toBe(201);
    expect(fromLine.body.data).toMatchObject({ purchase_order_id: order.id, vendor_id: vendorId, accrual_type: "PoItem", amount: "150.00", currency_code: "USD", status: "NEW" });
    const fromOrder = await admin("POST", "/api/accruals", { purchase_order_id: order.id, date: "2026-11-30" });
    expect(fromOrder.status).toBe(201);
    expect(fromOrder.body.data).toMatchObject({ vendor_id: vendorId, accrual_type: "PurchaseOrder", amount: "350.00" });
    // another vendor than the order's: refused, nothing made
    const before = (await admin("GET", "/api/accruals?_end=1")).body.meta.total as number;
    const wrong = await admin("POST", "/api/accruals", { purchase_order_id: order.id, vendor_id: other, date: "2026-11-30" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.vendor_id).toBeDefined();
    // by hand without a vendor or an amount: per field
    const blank = await admin("POST", "/api/accruals", { date: "2026-11-30" });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toMatchObject({ vendor_id: ["can't be blank"], amount: ["can't be blank"] });
    expect((await admin("GET", "/api/accruals?_end=1")).body.meta.total).toBe(before);
  });

  it("refuses: a staff user without the key, a status written by PATCH, posting without an expense account, a match beyond the balance or across vendors, another company's accrual and invoice", async () => {
    const [vendorId, other] = await vendors();
    const a = await accrual({ vendor_id: vendorId, amount: "500.00" });
    const journalBefore = await journalOf(a.id);

    // staff holds no accrual key: no create, no action, no match
    expect((await call("staff@acme.test", "POST", "/api/accruals", { vendor_id: vendorId, date: "2026-01-31", amount: "5.00" })).status).toBe(403);
    expect((await call("staff@acme.test", "POST", `/api/accruals/${a.id}/close`, {})).status).toBe(403);
    const inv = await invoice(vendorId, "700.00", "2026-02-03");
    expect((await call("staff@acme.test", "POST", "/api/accrual_invoice_links", { accrual_id: a.id, invoice_id: inv, amount: "10.00" })).status).toBe(403);

    // a status moves only through the actions
    const jump = await admin("PATCH", `/api/accruals/${a.id}`, { status: "CLOSED" });
    expect([409, 422]).toContain(jump.status);
    const draft = await accrual({ vendor_id: vendorId }, "NEW");
    const patched = await admin("PATCH", `/api/accruals/${draft.id}`, { status: "OPEN" });
    expect(patched.status).toBe(422);
    expect((await admin("POST", `/api/accruals/${draft.id}/post`)).status).toBe(409);
    expect((await admin("GET", `/api/accruals/${draft.id}`)).body.data.status).toBe("NEW");

    // an approved accrual without an expense account is not posted
    const unaccounted = await accrual({ vendor_id: vendorId, account_number: null }, "APPROVED");
    const noAccount = await admin("POST", `/api/accruals/${unaccounted.id}/post`);
    expect(noAccount.status).toBe(422);
    expect(noAccount.body.errors.account_number).toBeDefined();
    expect((await admin("GET", `/api/accruals/${unaccounted.id}`)).body.data.status).toBe("APPROVED");
    expect(await journalOf(unaccounted.id)).toEqual([]);
    // completed before it is posted: the account named, the accrual goes back through its approval
    const completed = await admin("PATCH", `/api/accruals/${unaccounted.id}`, { account_number: "6200" });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect((await admin("GET", `/api/accruals/${unaccounted.id}`)).body.data.status).toBe("PENDING");
    expect((await admin("POST", `/api/accruals/${unaccounted.id}/post`)).status).toBe(409);
    await approveAll(unaccounted.id);
    expect((await admin("POST", `/api/accruals/${unaccounted.id}/post`)).status).toBe(200);

    // beyond the balance (a 700 invoice on a 500 accrual), another vendor's invoice, an unposted accrual
    const beyond = await admin("POST", "/api/accrual_invoice_links", { accrual_id: a.id, invoice_id: inv, amount: "700.00" });
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors.amount).toBeDefined();
    const otherVendors = await invoice(other, "50.00", "2026-02-03");
    const foreignVendor = await admin("POST", "/api/accrual_invoice_links", { accrual_id: a.id, invoice_id: otherVendors, amount: "50.00" });
    expect(foreignVendor.status).toBe(422);
    expect(foreignVendor.body.errors.invoice_id).toEqual(["belongs to another vendor than the accrual"]);
    expect((await admin("POST", `/api/accruals/${a.id}/match`, { invoice_id: otherVendors })).status).toBe(422);
    expect((await admin("POST", `/api/accruals/${a.id}/match`, { invoice_id: inv, amount: "500.01" })).status).toBe(422);
    expect((await admin("POST", "/api/accrual_invoice_links", { accrual_id: draft.id, invoice_id: inv, amount: "5.00" })).status).toBe(422);

    // Globex's admin: Acme's accrual does not exist for them; Acme's invoice cannot be matched from Globex
    const globex = await h.companyId("Globex Ltd");
    const asGlobex = (method: Method, url: string, payload?: Json) => call("admin@globex.test", method, url, payload, globex);
    expect((await asGlobex("GET", `/api/accruals/${a.id}`)).status).toBe(404);
    expect((await asGlobex("POST", `/api/accruals/${a.id}/close`, {})).status).toBe(404);
    const globexVendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", globex).orderBy("id").executeTakeFirstOrThrow();
    const theirs = await asGlobex("POST", "/api/accruals", { vendor_id: globexVendor.id, date: "2026-01-31", amount: "10.00", account_number: "6200" });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect((await asGlobex("POST", `/api/accruals/${theirs.body.data.id}/submit`)).status).toBe(200);
    for (const pending of (await asGlobex("GET", `/api/approvals?approvable_type=Accrual&approvable_id=${theirs.body.data.id}&aasm_state=pending`)).body.data as Json[]) {
      expect((await asGlobex("POST", `/api/approvals/${pending.id}/approve`)).status).toBe(200);
    }
    expect((await asGlobex("POST", `/api/accruals/${theirs.body.data.id}/post`)).status).toBe(200);
    const acrossLink = await asGlobex("POST", "/api/accrual_invoice_links", { accrual_id: theirs.body.data.id, invoice_id: inv, amount: "5.00" });
    expect(acrossLink.status).toBe(422);
    expect(acrossLink.body.errors.invoice_id).toBeDefined();
    const acrossMatch = await asGlobex("POST", `/api/accruals/${theirs.body.data.id}/match`, { invoice_id: inv });
    expect(acrossMatch.status).toBe(422);
    expect(acrossMatch.body.errors.invoice_id).toBeDefined();
    // and from Acme, Globex's accrual is not there to match
    expect((await admin("POST", "/api/accrual_invoice_links", { accrual_id: theirs.body.data.id, invoice_id: inv, amount: "5.00" })).status).toBe(422);
    expect((await admin("POST", `/api/accruals/${theirs.body.data.id}/match`, { invoice_id: inv })).status).toBe(404);
    expect((await h.database.db.selectFrom("accrual_invoice_links").select("id").where("accrual_id", "=", theirs.body.data.id).execute())).toEqual([]);

    expect((await admin("GET", `/api/accruals/${a.id}`)).body.data).toMatchObject({ status: "OPEN", balance: "500.00" });
    expect(await journalOf(a.id)).toEqual(journalBefore);
    await expectBalancedJournal();
  });

  it("with an Accrual workflow, submit waits for the approver: not posted before, approved by the step's approver, a rejection sends it back", async () => {
    const acme = await acmeOf(h);
    await useWorkflow(h, "Accrual", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [await acme.contact("approver@acme.test")] }]);
    try {
      const a = await accrual({ vendor_id: acme.vendor, amount: "250.00" }, "NEW");
      expect((await admin("POST", `/api/accruals/${a.id}/submit`)).status).toBe(200);
      expect((await admin("GET", `/api/accruals/${a.id}`)).body.data.status).toBe("PENDING");
      expect((await admin("POST", `/api/accruals/${a.id}/post`)).status).toBe(409);
      const [pending] = (await approvalsOf(h, "Accrual", a.id)).filter((r) => r.aasm_state === "pending");
      // the admin is no approver of this step; the approver is
      expect((await admin("POST", `/api/approvals/${pending!.id}/approve`)).status).toBe(403);
      const approved = await call("approver@acme.test", "POST", `/api/approvals/${pending!.id}/approve`);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect((await admin("GET", `/api/accruals/${a.id}`)).body.data.status).toBe("APPROVED");
      expect((await admin("POST", `/api/accruals/${a.id}/post`)).status).toBe(200);

      const b = await accrual({ vendor_id: acme.vendor, amount: "90.00" }, "NEW");
      expect((await admin("POST", `/api/accruals/${b.id}/submit`)).status).toBe(200);
      const [waiting] = (await approvalsOf(h, "Accrual", b.id)).filter((r) => r.aasm_state === "pending");
      expect((await call("approver@acme.test", "POST", `/api/approvals/${waiting!.id}/reject`, { comment: "No such service this month" })).status).toBe(200);
      expect((await admin("GET", `/api/accruals/${b.id}`)).body.data.status).toBe("REJECTED");
      expect(await journalOf(b.id)).toEqual([]);
    } finally {
      // the demo's workflow again
      await h.database.db.updateTable("workflows").set({ status: "INACTIVE" }).where("company_id", "=", acme.company).where("workflow_type", "=", "Accrual").execute();
      await h.database.db.updateTable("workflows").set({ status: "ACTIVE" }).where("company_id", "=", acme.company).where("name", "=", "Accrual approval").execute();
    }
  });
});
