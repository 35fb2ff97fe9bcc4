import { describe, expect, it } from "vitest";
import { isoDate } from "../../src/framework/dates.js";
import { acmeOf, codedInvoice } from "./approval-fixtures.js";
import { useApp } from "./harness.js";

const h = useApp();

const invoice = (vendorId: number, amount: string) => codedInvoice("AL", vendorId, amount);
const acme = () => acmeOf(h);

const get = async (email: string, url: string) => h.app.inject({ url, headers: await h.login(email) });
const post = async (email: string, url: string, payload?: object) =>
  h.app.inject({ method: "POST", url, headers: await h.login(email), ...(payload ? { payload } : {}) });

/** A NEW invoice entered and submitted by ap@acme.test; its approvals in step order. */
async function submitted(amount: string) {
  const { vendor } = await acme();
  const created = await post("ap@acme.test", "/api/invoices", invoice(vendor, amount));
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
  const rows = (await get("admin@acme.test", `/api/approvals?approvable_type=Invoice&approvable_id=${id}&_sort=step&_order=asc`)).json().data as { id: number }[];
  return { id, approvals: rows.map((r) => r.id) };
}

/** The approval ids awaiting the user, through the approvals resource or one of its views. */
async function awaiting(email: string, path = "/api/approvals"): Promise<number[]> {
  const response = await get(email, `${path}?awaiting=me&_end=1000`);
  expect(response.statusCode).toBe(200);
  return (response.json().data as { id: number }[]).map((r) => r.id);
}

describe("awaiting=me", () => {
  it("lists the user's own actionable approval, not another user's", async () => {
    const { approvals: [row] } = await submitted("5000.00");
    expect(await awaiting("approver@acme.test")).toContain(row);
    expect(await awaiting("approver@acme.test", "/api/invoices_approval")).toContain(row);
    expect(await awaiting("admin@acme.test")).not.toContain(row);
    expect(await awaiting("staff@acme.test")).not.toContain(row);
  });

  it("lists a later step only once the earlier one is approved, and an acted row no more", async () => {
    const { approvals: [first, second] } = await submitted("12000.00");
    expect(await awaiting("admin@acme.test")).not.toContain(second);
    expect((await post("approver@acme.test", `/api/approvals/${first}/approve`)).statusCode).toBe(200);
    expect(await awaiting("approver@acme.test")).not.toContain(first);
    expect(await awaiting("admin@acme.test")).toContain(second);
  });

  it("refuses a value other than me", async () => {
    const response = await get("approver@acme.test", "/api/approvals?awaiting=you");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.base[0]).toMatch(/awaiting must be me/);
  });
});

describe("POST /api/approvals/bulk/approve", () => {
  it("approves each allowed approval and reports every refusal without undoing the others", async () => {
    const a = await submitted("2000.00");
    const b = await submitted("3000.00");
    const c = await submitted("15000.00");
    const ids = [a.approvals[0], b.approvals[0], c.approvals[1], 999_999_999];
    const response = await post("approver@acme.test", "/api/approvals/bulk/approve", { ids, comment: "batch" });
    expect(response.statusCode).toBe(200);
    const results = response.json().data as { id: number; status: number; message?: string }[];
    expect(results.map((r) => [r.id, r.status])).toEqual([[ids[0], 200], [ids[1], 200], [ids[2], 409], [ids[3], 404]]);
    expect(results[2].message).toMatch(/Step 1 must be approved/);
    for (const id of [a.id, b.id]) {
      expect(["APPROVED", "OPEN"]).toContain((await get("admin@acme.test", `/api/invoices/${id}`)).json().data.status);
    }
    const approved = (await get("admin@acme.test", `/api/approvals/${ids[0]}`)).json().data;
    expect(approved).toMatchObject({ aasm_state: "approved", comment: "batch" });
  });

  it("reports another user's approval as 403 and leaves it pending", async () => {
    const { approvals: [row] } = await submitted("4000.00");
    const response = await post("staff@acme.test", "/api/approvals/bulk/approve", { ids: [row] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ id: row, status: 403, message: "You are not an approver of this step." }]);
    expect(await awaiting("approver@acme.test")).toContain(row);
  });

  it("needs 1 to 200 whole-number ids (422)", async () => {
    for (const ids of [[], Array.from({ length: 201 }, (_, i) => i + 1), ["x"], undefined]) {
      const response = await post("approver@acme.test", "/api/approvals/bulk/approve", { ids });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.ids).toBeDefined();
    }
  });

  it("refuses vendor-portal users", async () => {
    expect((await post("vendor@northwind.test", "/api/approvals/bulk/approve", { ids: [1] })).statusCode).toBe(403);
  });
});

// last: adds a delegation and replaces the demo Invoice workflow by a team step
describe("awaiting=me through delegation and teams", () => {
  it("lists the delegator's approval for the delegate", async () => {
    const { contact } = await acme();
    const { approvals: [row] } = await submitted("6000.00");
    expect(await awaiting("staff@acme.test")).not.toContain(row);
    const made = await post("admin@acme.test", "/api/delegations", {
      delegator_contact_id: await contact("approver@acme.test"), delegate_contact_id: await contact("staff@acme.test"), delegate_type: "All", start_date: isoDate(), reason: "Approver away",
    });
    expect(made.statusCode).toBe(201);
    expect(await awaiting("staff@acme.test")).toContain(row);
  });

  it("lists an unclaimed team row for members only, and a claimed one for the claimer only", async () => {
    const { company } = await acme();
    const headers = await h.login("admin@acme.test");
    const demo = await h.database.db.selectFrom("workflows").select("id").where("company_id", "=", company)
      .where("workflow_type", "=", "Invoice").where("status", "=", "ACTIVE").executeTakeFirstOrThrow();
    expect((await h.app.inject({ method: "POST", url: `/api/workflows/${demo.id}/deactivate`, headers })).statusCode).toBe(200);
    const team = await h.database.db.selectFrom("teams").select("id").where("company_id", "=", company).where("name", "=", "Approvers").executeTakeFirstOrThrow();
    const members = await h.database.db.selectFrom("team_members").innerJoin("contacts", "contacts.id", "team_members.contact_id")
      .select("contacts.email").where("team_members.team_id", "=", team.id).execute();
    expect(members.map((m) => m.email)).toContain("approver@acme.test");
    expect(members.map((m) => m.email)).not.toContain("ap@acme.test");
    const workflow = await h.app.inject({ method: "POST", url: "/api/workflows", headers, payload: {
      name: "Team invoices", workflow_type: "Invoice",
      steps: [{ order: 1, trigger: "DEFAULT", approver_type: "TEAM", approver_ids: [team.id] }],
    } });
    expect(workflow.statusCode).toBe(201);
    expect((await h.app.inject({ method: "POST", url: `/api/workflows/${String(workflow.json().data.id)}/activate`, headers })).statusCode).toBe(200);

    const { approvals: [row] } = await submitted("700.00");
    expect(await awaiting("approver@acme.test")).toContain(row);
    expect(await awaiting("ap@acme.test")).not.toContain(row);
    expect((await post("approver@acme.test", `/api/approvals/${row}/claim`)).statusCode).toBe(200);
    expect(await awaiting("approver@acme.test")).toContain(row);
    expect(await awaiting("admin@acme.test")).not.toContain(row);
  });
});

describe("awaiting=me on lists of approvable records", () => {
  const ids = async (email: string, url: string) => {
    const response = await get(email, url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { id: number; approvable_id?: number }[]);
  };

  it("lists the invoices whose current step awaits the user, as the approvals list does", async () => {
    const first = await submitted("4200.00");
    const second = await submitted("15000.00");
    // the same records as the approvals list, for every user (own rows, team rows, delegations)
    const agree = async () => {
      for (const email of ["approver@acme.test", "admin@acme.test", "ap@acme.test"]) {
        const records = (await ids(email, "/api/invoices?awaiting=me&_end=1000")).map((r) => r.id);
        const approvals = (await ids(email, "/api/approvals?awaiting=me&approvable_type=Invoice&_end=1000")).map((r) => r.approvable_id);
        expect(new Set(records), email).toEqual(new Set(approvals));
      }
    };
    await agree();
    expect((await ids("approver@acme.test", "/api/invoices?awaiting=me&_end=1000")).map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await ids("ap@acme.test", "/api/invoices?awaiting=me&_end=1000")).map((r) => r.id)).not.toContain(first.id);
    // once step 1 is approved, the large invoice no longer awaits the approver but the second step
    expect((await post("approver@acme.test", `/api/approvals/${second.approvals[0]}/approve`)).statusCode).toBe(200);
    await agree();
    expect((await get("approver@acme.test", "/api/invoices?awaiting=you")).statusCode).toBe(400);
  });

  it("works on the record views of approver lists (/po_approvals) and selects approvals of several records at once", async () => {
    const records = await ids("admin@acme.test", "/api/po_approvals?awaiting=me&_end=1000");
    const approvals = await ids("admin@acme.test", "/api/approvals?awaiting=me&approvable_type=PurchaseOrder&_end=1000");
    expect(new Set(records.map((r) => r.id))).toEqual(new Set(approvals.map((a) => a.approvable_id)));
    const first = await submitted("2100.00");
    const second = await submitted("3100.00");
    const both = await ids("approver@acme.test", `/api/approvals?awaiting=me&approvable_type=Invoice&approvable_id=${first.id}&approvable_id=${second.id}`);
    expect(both.map((a) => a.id).sort()).toEqual([first.approvals[0], second.approvals[0]].sort());
  });
});
