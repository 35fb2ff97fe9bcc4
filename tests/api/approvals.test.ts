import { describe, expect, it } from "vitest";
import { isoDate } from "../../src/framework/dates.js";
import { acmeOf, codedInvoice } from "./approval-fixtures.js";
import { useApp } from "./harness.js";

const h = useApp();

const invoice = (vendorId: number, amount: string) => codedInvoice("AP", vendorId, amount);
const acme = () => acmeOf(h);

async function submitted(email: string, amount: string) {
  const { vendor } = await acme();
  const headers = await h.login(email);
  const created = await h.app.inject({ method: "POST", url: "/api/invoices", headers, payload: invoice(vendor, amount) });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  const response = await h.app.inject({ method: "POST", url: `/api/invoices/${id}/submit`, headers });
  expect(response.statusCode).toBe(200);
  return { id, invoice: response.json().data };
}

async function approvalsOf(id: number) {
  const headers = await h.login("admin@acme.test");
  const response = await h.app.inject({ url: `/api/approvals?approvable_type=Invoice&approvable_id=${id}&_sort=id&_order=asc`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; step: number; contact_id: number | null; aasm_state: string; comment: string | null; on_behalf_of_contact_id: number | null }[];
}

async function statusOf(id: number): Promise<string> {
  const headers = await h.login("admin@acme.test");
  return (await h.app.inject({ url: `/api/invoices/${id}`, headers })).json().data.status as string;
}

const post = async (email: string, url: string, payload?: object) =>
  h.app.inject({ method: "POST", url, headers: await h.login(email), ...(payload ? { payload } : {}) });

describe("invoice approval engine", () => {
  it("1,000–9,999: one pending approval for the approver; staff 403; the approver approves", async () => {
    const { contact } = await acme();
    const { id, invoice: inv } = await submitted("ap@acme.test", "5000.00");
    expect(inv.status).toBe("PENDING");
    expect(inv.submit_date).toBe(isoDate());
    const rows = await approvalsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ step: 1, aasm_state: "pending", contact_id: await contact("approver@acme.test") });
    expect((await post("staff@acme.test", `/api/approvals/${rows[0].id}/approve`)).statusCode).toBe(403);
    const approved = await post("approver@acme.test", `/api/approvals/${rows[0].id}/approve`, { comment: "ok" });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ aasm_state: "approved", acted_by_contact_id: await contact("approver@acme.test"), comment: "ok" });
    expect(["APPROVED", "OPEN"]).toContain(await statusOf(id));
    // final: a second act is a conflict
    expect((await post("approver@acme.test", `/api/approvals/${rows[0].id}/approve`)).statusCode).toBe(409);
  });

  it("≥ 10,000: two steps in order; the second cannot act first", async () => {
    const { contact } = await acme();
    const { id } = await submitted("ap@acme.test", "12000.00");
    const rows = await approvalsOf(id);
    expect(rows.map((r) => [r.step, r.contact_id])).toEqual([[1, await contact("approver@acme.test")], [2, await contact("admin@acme.test")]]);
    const early = await post("admin@acme.test", `/api/approvals/${rows[1].id}/approve`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.base[0]).toMatch(/Step 1 must be approved/);
    expect((await post("approver@acme.test", `/api/approvals/${rows[0].id}/approve`)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe("PENDING");
    expect((await post("admin@acme.test", `/api/approvals/${rows[1].id}/approve`)).statusCode).toBe(200);
    expect(["APPROVED", "OPEN"]).toContain(await statusOf(id));
  });

  it("rejection needs a comment, rejects the invoice and closes the chain", async () => {
    const { id } = await submitted("ap@acme.test", "15000.00");
    const rows = await approvalsOf(id);
    const bare = await post("approver@acme.test", `/api/approvals/${rows[0].id}/reject`, {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.comment).toBeDefined();
    expect((await post("approver@acme.test", `/api/approvals/${rows[0].id}/reject`, { comment: "wrong vendor" })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe("REJECTED");
    const after = await approvalsOf(id);
    expect(after.map((r) => r.aasm_state)).toEqual(["rejected", "rejected"]);
    expect((await post("admin@acme.test", `/api/approvals/${rows[1].id}/approve`)).statusCode).toBe(409);
  });

  it("< 1,000: approved on submit, with a recorded auto-approval", async () => {
    const { id, invoice: inv } = await submitted("ap@acme.test", "250.00");
    expect(inv.status).toBe("APPROVED");
    const rows = await approvalsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ aasm_state: "approved", comment: "Auto-approved: no workflow step applies" });
    // submitted already: a second submit is refused
    expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(409);
  });

  it("refuses a submit without valid GL coding", async () => {
    const { vendor } = await acme();
    const headers = await h.login("ap@acme.test");
    const created = await h.app.inject({ method: "POST", url: "/api/invoices", headers, payload: { ...invoice(vendor, "5000.00"), debit_entries: [] } });
    const response = await h.app.inject({ method: "POST", url: `/api/invoices/${created.json().data.id}/submit`, headers });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.base[0]).toMatch(/GL coding required/);
  });

  it("of 20 concurrent approvals of one row exactly one succeeds", async () => {
    const { id } = await submitted("ap@acme.test", "3000.00");
    const [row] = await approvalsOf(id);
    const headers = await h.login("approver@acme.test");
    const responses = await Promise.all(Array.from({ length: 20 }, () => h.app.inject({ method: "POST", url: `/api/approvals/${row.id}/approve`, headers })));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it("segregation of duties: the creator cannot approve their own invoice", async () => {
    const { id } = await submitted("admin@acme.test", "20000.00");
    const rows = await approvalsOf(id);
    expect((await post("approver@acme.test", `/api/approvals/${rows[0].id}/approve`)).statusCode).toBe(200);
    const own = await post("admin@acme.test", `/api/approvals/${rows[1].id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.base[0]).toMatch(/Segregation of duties/);
    expect(await statusOf(id)).toBe("PENDING");
  });

  it("a delegate approves on behalf of the delegator and sees the delegator in users/current", async () => {
    const { contact } = await acme();
    const approver = await contact("approver@acme.test");
    const staff = await contact("staff@acme.test");
    const made = await post("admin@acme.test", "/api/delegations", { delegator_contact_id: approver, delegate_contact_id: staff, delegate_type: "Approval", start_date: isoDate(), reason: "Covering while away" });
    expect(made.statusCode).toBe(201);
    const current = (await h.app.inject({ url: "/api/users/current", headers: await h.login("staff@acme.test") })).json().data;
    expect(current.delegators).toContainEqual({ id: approver, delegate_type: "Approval" });
    const { id } = await submitted("ap@acme.test", "4000.00");
    const [row] = await approvalsOf(id);
    const response = await post("staff@acme.test", `/api/approvals/${row.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ acted_by_contact_id: staff, on_behalf_of_contact_id: approver });
    expect(["APPROVED", "OPEN"]).toContain(await statusOf(id));
  });
});

describe("delegations", () => {
  it("refuses a delegation to oneself and an end before the start", async () => {
    const { contact } = await acme();
    const approver = await contact("approver@acme.test");
    const response = await post("admin@acme.test", "/api/delegations", { delegator_contact_id: approver, delegate_contact_id: approver, start_date: "2026-11-10", end_date: "2026-11-01" });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(["delegate_contact_id", "end_date"]);
  });
});

// last: replaces the demo Invoice workflow
describe("team steps and self-approval", () => {
  it("a team member claims, then only the claimer approves; allow_self_approval lets the creator approve", async () => {
    const { company, contact } = await acme();
    const headers = await h.login("admin@acme.test");
    const demo = await h.database.db.selectFrom("workflows").select("id").where("company_id", "=", company)
      .where("workflow_type", "=", "Invoice").where("status", "=", "ACTIVE").executeTakeFirstOrThrow();
    expect((await h.app.inject({ method: "POST", url: `/api/workflows/${demo.id}/deactivate`, headers })).statusCode).toBe(200);
    const team = await h.database.db.selectFrom("teams").select("id").where("company_id", "=", company).where("name", "=", "Approvers").executeTakeFirstOrThrow();
    const workflow = await h.app.inject({ method: "POST", url: "/api/workflows", headers, payload: {
      name: "Team invoices", workflow_type: "Invoice", allow_self_approval: true,
      steps: [{ order: 1, trigger: "DEFAULT", approver_type: "TEAM", approver_ids: [team.id] }],
    } });
    expect(workflow.statusCode).toBe(201);
    expect((await h.app.inject({ method: "POST", url: `/api/workflows/${String(workflow.json().data.id)}/activate`, headers })).statusCode).toBe(200);

    const { id } = await submitted("ap@acme.test", "700.00");
    const [row] = await approvalsOf(id);
    expect(row).toMatchObject({ contact_id: null, aasm_state: "pending" });
    // staff is now a delegate of approver (test above): ap, no member and no delegate, is refused
    expect((await post("ap@acme.test", `/api/approvals/${row.id}/claim`)).statusCode).toBe(403);
    const claimed = await post("approver@acme.test", `/api/approvals/${row.id}/claim`);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data).toMatchObject({ is_claimed: true, contact_id: await contact("approver@acme.test") });
    expect((await post("admin@acme.test", `/api/approvals/${row.id}/approve`)).statusCode).toBe(403);
    expect((await post("approver@acme.test", `/api/approvals/${row.id}/approve`)).statusCode).toBe(200);
    expect(["APPROVED", "OPEN"]).toContain(await statusOf(id));

    // admin is a member of the team and created the invoice: allowed by allow_self_approval
    const own = await submitted("admin@acme.test", "800.00");
    const [ownRow] = await approvalsOf(own.id);
    expect((await post("admin@acme.test", `/api/approvals/${ownRow.id}/approve`)).statusCode).toBe(200);
    expect(["APPROVED", "OPEN"]).toContain(await statusOf(own.id));
  });
});
