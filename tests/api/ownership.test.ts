/**
 * Expenses belong to their employee: staff see and act on their own (and what awaits their approval),
 * everywhere (lists, stats, show, edit, delete, submit); readAllExpenses sees everyone's. Approval lists
 * show staff only the approvals of records they may read or that concern them, amounts only with the record.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { acmeOf, codedInvoice, useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { receiptsOn } from "./uploads.js";

const h = useApp();
const call = async (email: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });

let acme: Awaited<ReturnType<typeof acmeOf>>;
let staff = 0;
beforeAll(async () => {
  acme = await acmeOf(h);
  staff = await acme.contact("staff@acme.test");
});

const rowsOf = async (table: "expense_reports" | "expense_items", own: boolean) => {
  const qb = h.database.db.selectFrom(table).select(["id", "status", "employee_contact_id"]).where("company_id", "=", acme.company);
  return own ? qb.where("employee_contact_id", "=", staff).orderBy("id").execute() : qb.where("employee_contact_id", "<>", staff).orderBy("id").execute();
};

describe("staff and their own expenses", () => {
  it("lists and counts only their own reports and items", async () => {
    const [ownReports, otherReports, ownItems, otherItems] = await Promise.all([rowsOf("expense_reports", true), rowsOf("expense_reports", false), rowsOf("expense_items", true), rowsOf("expense_items", false)]);
    expect(ownReports.length).toBeGreaterThan(0);
    expect(otherReports.length).toBeGreaterThan(0);
    expect(otherItems.length).toBeGreaterThan(0);
    // nothing awaits staff's approval in the demo data
    const awaiting = await h.database.db.selectFrom("approvals").select("id").where("company_id", "=", acme.company).where("contact_id", "=", staff).where("aasm_state", "=", "pending").execute();
    expect(awaiting).toHaveLength(0);

    for (const [url, own] of [["/api/expense_reports", ownReports], ["/api/expense_items", ownItems], ["/api/expense_approvals", ownReports.filter((r) => r.status === "PENDING")]] as const) {
      const list = await call("staff@acme.test", "GET", `${url}?_end=1000`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(own.map((r) => r.id));
      expect(Number(list.headers["x-total-count"])).toBe(own.length);
    }
    const stats = await call("staff@acme.test", "GET", "/api/expense_items/stats");
    expect(stats.json().data).toEqual([expect.objectContaining({ count: ownItems.length })]);

    // a manager holds readAllExpenses: every employee's
    const all = await call("approver@acme.test", "GET", "/api/expense_reports?_end=1");
    expect(Number(all.headers["x-total-count"])).toBe(ownReports.length + otherReports.length);
  });

  it("another employee's item or report does not exist for them: 404 on show, edit, delete and submit", async () => {
    const [otherItem] = await rowsOf("expense_items", false);
    const otherReport = await h.database.db.selectFrom("expense_reports as r").select("r.id").where("r.company_id", "=", acme.company).where("r.employee_contact_id", "<>", staff)
      .where((eb) => eb.exists(eb.selectFrom("expense_items as i").select("i.id").whereRef("i.expense_report_id", "=", "r.id"))).orderBy("r.id").executeTakeFirstOrThrow();
    await h.database.db.updateTable("expense_items").set({ status: "NEW" }).where("id", "=", otherItem.id).execute();
    await h.database.db.updateTable("expense_reports").set({ status: "NEW" }).where("id", "=", otherReport.id).execute();

    expect((await call("staff@acme.test", "GET", `/api/expense_items/${otherItem.id}`)).statusCode).toBe(404);
    expect((await call("staff@acme.test", "PATCH", `/api/expense_items/${otherItem.id}`, { merchant: "Mine now" })).statusCode).toBe(404);
    expect((await call("staff@acme.test", "DELETE", `/api/expense_items/${otherItem.id}`)).statusCode).toBe(404);
    expect((await call("staff@acme.test", "GET", `/api/expense_reports/${otherReport.id}`)).statusCode).toBe(404);
    expect((await call("staff@acme.test", "PATCH", `/api/expense_reports/${otherReport.id}`, { description: "Mine now" })).statusCode).toBe(404);
    expect((await call("staff@acme.test", "POST", `/api/expense_reports/${otherReport.id}/submit`)).statusCode).toBe(404);
    const untouched = await h.database.db.selectFrom("expense_items").select("merchant").where("id", "=", otherItem.id).executeTakeFirstOrThrow();
    expect(untouched.merchant).not.toBe("Mine now");
    expect((await h.database.db.selectFrom("expense_reports").select("status").where("id", "=", otherReport.id).executeTakeFirstOrThrow()).status).toBe("NEW");

    // nor can they file one in another's name
    const forOther = await call("staff@acme.test", "POST", "/api/expense_items", {
      date: "2026-11-02", merchant: "Cafe", amount: "12.00", currency_code: "USD", employee_contact_id: await acme.contact("approver@acme.test"),
    });
    expect(forOther.statusCode).toBe(422);
    expect(Object.keys(forOther.json().errors)).toContain("employee_contact_id");
  });

  it("sees a colleague's report while it awaits their approval", async () => {
    await useWorkflow(h, "ExpenseReport", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [staff] }]);
    const report = await h.database.db.selectFrom("expense_reports as r").select("r.id").where("r.company_id", "=", acme.company).where("r.employee_contact_id", "<>", staff)
      .where((eb) => eb.exists(eb.selectFrom("expense_items as i").select("i.id").whereRef("i.expense_report_id", "=", "r.id"))).orderBy("r.id", "desc").executeTakeFirstOrThrow();
    await h.database.db.updateTable("expense_reports").set({ status: "NEW" }).where("id", "=", report.id).execute();
    // receipts on its items, so that the company's receipt threshold lets it be submitted
    await receiptsOn(h.database.db, [report.id]);
    await h.database.db.deleteFrom("approvals").where("approvable_type", "=", "ExpenseReport").where("approvable_id", "=", report.id).execute();
    expect((await call("staff@acme.test", "GET", `/api/expense_reports/${report.id}`)).statusCode).toBe(404);
    expect((await call("admin@acme.test", "POST", `/api/expense_reports/${report.id}/submit`)).statusCode).toBe(200);
    const shown = await call("staff@acme.test", "GET", `/api/expense_reports/${report.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.expense_items.length).toBeGreaterThan(0);
  });
});

describe("approval lists", () => {
  it("show staff only approvals of records they may read or that concern them, and amounts only with a readable record", async () => {
    const before = await call("staff@acme.test", "GET", "/api/approvals?_end=1000");
    expect(before.statusCode).toBe(200);
    // staff reads expense reports, cards and card purchases; no invoice, payment, run, credit, PO or vendor approval concerns them yet
    const readable = ["ExpenseReport", "VirtualCard", "Purchase"];
    expect(before.json().data.every((r: { approvable_type: string }) => readable.includes(r.approvable_type))).toBe(true);

    // make staff the approver of an invoice: they see that approval, without its amount
    await useWorkflow(h, "Invoice", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [staff] }]);
    const invoice = await call("ap@acme.test", "POST", "/api/invoices", codedInvoice("OWN", acme.vendor, "1234.00"));
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect((await call("ap@acme.test", "POST", `/api/invoices/${invoice.json().data.id}/submit`)).statusCode).toBe(200);
    const after = (await call("staff@acme.test", "GET", "/api/approvals?approvable_type=Invoice&_end=1000")).json().data;
    expect(after).toHaveLength(1);
    expect(after[0].approvable).toMatchObject({ id: invoice.json().data.id, amount: null });
    const forAdmin = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=Invoice&approvable_id=${invoice.json().data.id}`)).json().data;
    expect(forAdmin[0].approvable.amount).toBe("1234.00");
    const invoiceView = (await call("staff@acme.test", "GET", "/api/invoices_approval?_end=1000")).json().data;
    expect(invoiceView.map((r: { id: number }) => r.id)).toEqual([after[0].id]);
  });

  it("the PO approvals list (guarded by the module only) shows who cannot read purchase orders only those awaiting them", async () => {
    const pending = Number((await call("admin@acme.test", "GET", "/api/po_approvals?_end=1")).headers["x-total-count"]);
    expect(pending).toBeGreaterThan(0);
    expect(Number((await call("staff@acme.test", "GET", "/api/po_approvals?_end=1")).headers["x-total-count"])).toBe(0);

    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [staff] }]);
    const po = await call("po@acme.test", "POST", "/api/purchase_orders", { number: `PO-OWN-${Math.random().toString(36).slice(2, 8)}`, vendor_id: acme.vendor, date: "2026-11-02", currency_code: "USD" });
    expect(po.statusCode, po.body).toBe(201);
    expect((await call("po@acme.test", "POST", `/api/purchase_orders/${po.json().data.id}/submit`)).statusCode).toBe(200);
    const listed = (await call("staff@acme.test", "GET", "/api/po_approvals?_end=1000")).json().data;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([po.json().data.id]);
    expect((await call("staff@acme.test", "GET", `/api/po_approvals/${po.json().data.id}`)).statusCode).toBe(200);
  });
});
