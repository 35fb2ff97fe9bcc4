/**
 * Segregation of duties (no approving what one created, submitted, requested or benefits from, also
 * through a delegation), delegations set up by the delegator or an administrator with a reason.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { isoDate } from "../../src/framework/dates.js";
import { acmeOf, approvalsOf, useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { receiptsOn } from "./uploads.js";

const h = useApp();
const call = async (email: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });

let acme: Awaited<ReturnType<typeof acmeOf>>;
let demoNotifications = 0;
beforeAll(async () => {
  acme = await acmeOf(h);
  demoNotifications = ((await h.database.db.selectFrom("notifications").select("id").orderBy("id", "desc").executeTakeFirst())?.id as number | undefined) ?? 0;
});

/** Let only this ACTIVE workflow of the type decide, and say whether it allows self-approval. */
async function workflow(type: string, approverEmail: string, allowSelfApproval: boolean): Promise<void> {
  await useWorkflow(h, type, [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [await acme.contact(approverEmail)] }]);
  await h.database.db.updateTable("workflows").set({ allow_self_approval: allowSelfApproval })
    .where("company_id", "=", acme.company).where("workflow_type", "=", type).where("status", "=", "ACTIVE").execute();
}

/** A demo expense report with items, made `email`'s own, NEW and without approvals. */
async function reportOf(email: string, skip = 0): Promise<number> {
  const employee = await acme.contact(email);
  const report = await h.database.db.selectFrom("expense_reports as r").select("r.id").where("r.company_id", "=", acme.company)
    .where((eb) => eb.exists(eb.selectFrom("expense_items as i").select("i.id").whereRef("i.expense_report_id", "=", "r.id")))
    .orderBy("r.id").offset(skip).limit(1).executeTakeFirstOrThrow();
  const id = report.id as number;
  await h.database.db.updateTable("expense_reports").set({ employee_contact_id: employee, status: "NEW" }).where("id", "=", id).execute();
  // with its receipts (the company's receipt threshold)
  await h.database.db.updateTable("expense_items").set({ employee_contact_id: employee }).where("expense_report_id", "=", id).execute();
  await receiptsOn(h.database.db, [id]);
  await h.database.db.deleteFrom("approvals").where("approvable_type", "=", "ExpenseReport").where("approvable_id", "=", id).execute();
  return id;
}

/** Submit (by admin) and return the one pending approval row. */
async function submitted(resource: string, type: string, id: number): Promise<number> {
  const response = await call("admin@acme.test", "POST", `/api/${resource}/${id}/submit`);
  expect(response.statusCode, response.body).toBe(200);
  const [row, ...more] = await approvalsOf(h, type, id);
  expect(more).toHaveLength(0);
  expect(row.aasm_state).toBe("pending");
  return row.id;
}

async function delegate(delegatorEmail: string, delegateEmail: string): Promise<void> {
  const made = await call("admin@acme.test", "POST", "/api/delegations", {
    delegator_contact_id: await acme.contact(delegatorEmail), delegate_contact_id: await acme.contact(delegateEmail), start_date: isoDate(), reason: "Covering while away",
  });
  expect(made.statusCode, made.body).toBe(201);
}

describe("segregation of duties", () => {
  it("an approver cannot approve their own expense report, even when the workflow allows self-approval", async () => {
    await workflow("ExpenseReport", "approver@acme.test", true);
    const id = await reportOf("approver@acme.test");
    const approval = await submitted("expense_reports", "ExpenseReport", id);
    const own = await call("approver@acme.test", "POST", `/api/approvals/${approval}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.base[0]).toMatch(/your own benefit/);
    expect((await call("admin@acme.test", "GET", `/api/expense_reports/${id}`)).json().data.status).toBe("PENDING");
  });

  it("nobody approves a card issued to themselves, whatever the workflow", async () => {
    await workflow("VirtualCard", "approver@acme.test", true);
    const card = await h.database.db.selectFrom("virtual_cards").select("id").where("company_id", "=", acme.company).orderBy("id").executeTakeFirstOrThrow();
    const id = card.id as number;
    await h.database.db.updateTable("virtual_cards").set({ contact_id: await acme.contact("approver@acme.test"), status: "PENDING" }).where("id", "=", id).execute();
    await h.database.db.deleteFrom("approvals").where("approvable_type", "=", "VirtualCard").where("approvable_id", "=", id).execute();
    const approval = await submitted("virtual_cards", "VirtualCard", id);
    const own = await call("approver@acme.test", "POST", `/api/approvals/${approval}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.base[0]).toMatch(/your own benefit/);
  });

  it("nobody approves a payment into their own account (a reimbursement), whatever the workflow", async () => {
    await workflow("Payment", "approver@acme.test", true);
    const method = await h.database.db.insertInto("payment_methods").values({
      company_id: acme.company, owner_type: "Contact", contact_id: await acme.contact("approver@acme.test"), payment_type: "ACH", currency_code: "USD", name: "Own account",
    }).returning("id").executeTakeFirstOrThrow();
    const payment = await h.database.db.selectFrom("payments").select("id").where("company_id", "=", acme.company).where("record_type", "=", "DEBIT").orderBy("id").executeTakeFirstOrThrow();
    const id = payment.id as number;
    await h.database.db.updateTable("payments").set({ status: "PENDING", payment_method_id: method.id as number }).where("id", "=", id).execute();
    await h.database.db.deleteFrom("approvals").where("approvable_type", "=", "Payment").where("approvable_id", "=", id).execute();
    const approval = await submitted("payments", "Payment", id);
    const own = await call("approver@acme.test", "POST", `/api/approvals/${approval}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.base[0]).toMatch(/your own benefit/);
  });

  it("records who created a purchase order; the creator cannot approve it unless the workflow allows self-approval", async () => {
    const created = await call("po@acme.test", "POST", "/api/purchase_orders", {
      number: `PO-SOD-${Math.random().toString(36).slice(2, 8)}`, vendor_id: acme.vendor, date: "2026-11-02", currency_code: "USD",
    });
    expect(created.statusCode, created.body).toBe(201);
    const po = created.json().data;
    const poUser = await h.database.db.selectFrom("users").select("id").where("email", "=", "po@acme.test").executeTakeFirstOrThrow();
    expect(po.created_by_id).toBe(poUser.id);
    // a client cannot name another creator
    const edited = await call("admin@acme.test", "PATCH", `/api/purchase_orders/${po.id}`, { created_by_id: 1 });
    expect(edited.statusCode === 422 || edited.json().data?.created_by_id === poUser.id).toBe(true);

    await workflow("PurchaseOrder", "po@acme.test", false);
    const approval = await submitted("purchase_orders", "PurchaseOrder", po.id as number);
    const own = await call("po@acme.test", "POST", `/api/approvals/${approval}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.base[0]).toMatch(/created, submitted or requested/);

    await h.database.db.updateTable("workflows").set({ allow_self_approval: true })
      .where("company_id", "=", acme.company).where("workflow_type", "=", "PurchaseOrder").where("status", "=", "ACTIVE").execute();
    expect((await call("po@acme.test", "POST", `/api/approvals/${approval}/approve`)).statusCode).toBe(200);
  });

  it("a delegate cannot approve their own expenses for the delegator, nor the delegator's own expenses", async () => {
    await workflow("ExpenseReport", "approver@acme.test", true);
    await delegate("approver@acme.test", "staff@acme.test");
    await delegate("approver@acme.test", "ap@acme.test");

    const staffs = await reportOf("staff@acme.test", 1);
    const forStaff = await submitted("expense_reports", "ExpenseReport", staffs);
    const ownThroughDelegation = await call("staff@acme.test", "POST", `/api/approvals/${forStaff}/approve`);
    expect(ownThroughDelegation.statusCode).toBe(403);
    expect(ownThroughDelegation.json().errors.base[0]).toMatch(/your own benefit/);

    const approvers = await reportOf("approver@acme.test", 2);
    const forApprover = await submitted("expense_reports", "ExpenseReport", approvers);
    const delegatorsOwn = await call("ap@acme.test", "POST", `/api/approvals/${forApprover}/approve`);
    expect(delegatorsOwn.statusCode).toBe(403);
    expect(delegatorsOwn.json().errors.base[0]).toMatch(/benefit of the person you act for/);

    // the delegation itself works: the delegate approves what is neither theirs nor the delegator's
    const others = await reportOf("receiving@acme.test", 3);
    const forOther = await submitted("expense_reports", "ExpenseReport", others);
    const approved = await call("ap@acme.test", "POST", `/api/approvals/${forOther}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.on_behalf_of_contact_id).toBe(await acme.contact("approver@acme.test"));
  });
});

describe("delegations", () => {
  it("an administrator sets up someone else's delegation only with a reason, and the delegator is told", async () => {
    const body = { delegator_contact_id: await acme.contact("approver@acme.test"), delegate_contact_id: await acme.contact("po@acme.test"), start_date: isoDate() };
    const bare = await call("admin@acme.test", "POST", "/api/delegations", body);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.reason).toEqual(["is required when you set up a delegation for someone else"]);

    const made = await call("admin@acme.test", "POST", "/api/delegations", { ...body, reason: "Parental leave cover" });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.reason).toBe("Parental leave cover");
    const approverUser = await h.database.db.selectFrom("users").select("id").where("email", "=", "approver@acme.test").executeTakeFirstOrThrow();
    const told = await h.database.db.selectFrom("notifications").selectAll().where("user_id", "=", approverUser.id)
      .where("id", ">", demoNotifications).where("title", "=", "A delegation was set up for you").execute();
    expect(told.length).toBeGreaterThan(0);
    expect(told.at(-1)!.body).toContain("Parental leave cover");
    const mail = await h.database.db.selectFrom("mail_messages").select(["subject", "text"]).where("to", "=", "approver@acme.test")
      .where("subject", "=", "A delegation was set up for you").execute();
    expect(mail.some((m) => String(m.text).includes("Parental leave cover"))).toBe(true);
  });

  it("anyone else sets up only their own delegation (403 for another's)", async () => {
    // receiving becomes a workflow administrator: may open delegations, not administer users
    await h.database.db.updateTable("contacts").set({ role: "po_admin" }).where("company_id", "=", acme.company).where("email", "=", "receiving@acme.test").execute();
    const delegateId = await acme.contact("po@acme.test");
    const forOther = await call("receiving@acme.test", "POST", "/api/delegations", {
      delegator_contact_id: await acme.contact("approver@acme.test"), delegate_contact_id: delegateId, start_date: isoDate(), reason: "Because",
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().errors.base[0]).toBe("You can set up delegations only for yourself.");
    const own = await call("receiving@acme.test", "POST", "/api/delegations", { delegator_contact_id: await acme.contact("receiving@acme.test"), delegate_contact_id: delegateId, start_date: isoDate() });
    expect(own.statusCode, own.body).toBe(201);
    // nor change or end another's
    const others = (await call("admin@acme.test", "POST", "/api/delegations", {
      delegator_contact_id: await acme.contact("approver@acme.test"), delegate_contact_id: delegateId, start_date: isoDate(), reason: "Cover",
    })).json().data.id as number;
    expect((await call("receiving@acme.test", "PATCH", `/api/delegations/${others}`, { delegate_contact_id: await acme.contact("receiving@acme.test"), reason: "Mine" })).statusCode).toBe(403);
    expect((await call("receiving@acme.test", "DELETE", `/api/delegations/${others}`)).statusCode).toBe(403);
    expect((await call("receiving@acme.test", "DELETE", `/api/delegations/${own.json().data.id}`)).statusCode).toBe(200);
    await h.database.db.updateTable("contacts").set({ role: "rcv_manager" }).where("company_id", "=", acme.company).where("email", "=", "receiving@acme.test").execute();
  });
});
