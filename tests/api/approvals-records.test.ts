/**
 * What an approval chain does with its records beyond submit: a record created in its pending status
 * starts its chain, and a purchase order's approval_status follows its chain.
 */
import { describe, expect, it } from "vitest";
import { acmeOf, approvalsOf, useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";

const h = useApp();
const acme = () => acmeOf(h);

const post = async (email: string, url: string, payload?: object) =>
  h.app.inject({ method: "POST", url, headers: await h.login(email), ...(payload ? { payload } : {}) });

const get = async (url: string) => (await h.app.inject({ url, headers: await h.login("admin@acme.test") })).json().data;
const userId = async (email: string) => (await h.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id as number;
const card = (amount: string, contactId: number | null = null) => ({ last4: String(1000 + Math.floor(Math.random() * 9000)), card_type: "VIRTUAL", amount, currency_code: "USD", contact_id: contactId });

describe("a record created in its pending status starts its chain", () => {
  it("a virtual card created PENDING gets its pending approval at once, the approver is told; a submit is then a conflict", async () => {
    const { contact } = await acme();
    const approver = await contact("approver@acme.test");
    await useWorkflow(h, "VirtualCard", [{ order: 1, trigger: "AMOUNT", min_amount: "1000.00", approver_type: "USER", approver_ids: [approver] }]);
    const created = await post("admin@acme.test", "/api/virtual_cards", card("2500.00"));
    expect(created.statusCode, created.body).toBe(201);
    const { id, status, submitter_contact_id } = created.json().data;
    expect(status).toBe("PENDING");
    expect(submitter_contact_id).toBe(await contact("admin@acme.test"));
    expect((await approvalsOf(h, "VirtualCard", id)).map((r) => [r.step, r.contact_id, r.aasm_state])).toEqual([[1, approver, "pending"]]);
    const notices = await h.database.db.selectFrom("notifications").select(["kind", "link"]).where("user_id", "=", await userId("approver@acme.test"))
      .where("link", "=", `/vcard_approvals/${id}`).execute();
    expect(notices).toEqual([{ kind: "approval", link: `/vcard_approvals/${id}` }]);
    expect((await post("admin@acme.test", `/api/virtual_cards/${id}/submit`)).statusCode).toBe(409);
  });

  it("no step applies: the card is approved on create, with a recorded auto-approval", async () => {
    const created = await post("admin@acme.test", "/api/virtual_cards", card("200.00"));
    expect(created.statusCode).toBe(201);
    const { id, status } = created.json().data;
    expect(status).toBe("APPROVED");
    expect((await approvalsOf(h, "VirtualCard", id)).map((r) => [r.aasm_state, r.comment])).toEqual([["approved", "Auto-approved: no workflow step applies"]]);
  });

  it("a refused chain refuses the create: nothing is saved", async () => {
    const { contact, company } = await acme();
    const holder = await contact("receiving@acme.test");
    await h.database.db.updateTable("contacts").set({ manager_id: null }).where("id", "=", holder).execute();
    await useWorkflow(h, "VirtualCard", [{ order: 1, trigger: "DEFAULT", approver_type: "OTHER" }]);
    const before = await h.database.db.selectFrom("virtual_cards").select("id").where("company_id", "=", company).execute();
    const refused = await post("admin@acme.test", "/api/virtual_cards", card("300.00", holder));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.base[0]).toMatch(/^Step 1 needs the requester's manager: .+ has none$/);
    expect(await h.database.db.selectFrom("virtual_cards").select("id").where("company_id", "=", company).execute()).toHaveLength(before.length);
  });

  it("a record created outside its pending status gets no chain", async () => {
    const { vendor } = await acme();
    const created = await post("po@acme.test", "/api/purchase_orders", { number: `PO-C-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-02", currency_code: "USD" });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.status).toBe("DRAFT");
    expect(await approvalsOf(h, "PurchaseOrder", created.json().data.id as number)).toEqual([]);
  });
});

describe("a purchase order's approval_status follows its chain", () => {
  it("PENDING on submit, APPROVED when approved, REJECTED when rejected, APPROVED on auto-approval", async () => {
    const { contact, vendor } = await acme();
    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "AMOUNT", min_amount: "1000.00", approver_type: "USER", approver_ids: [await contact("approver@acme.test")] }]);
    const submitted = async (amount: string) => {
      const created = await post("po@acme.test", "/api/purchase_orders", { number: `PO-A-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-02", currency_code: "USD", amount });
      const id = created.json().data.id as number;
      expect(created.json().data.approval_status).toBeNull();
      expect((await post("po@acme.test", `/api/purchase_orders/${id}/submit`)).statusCode).toBe(200);
      return id;
    };
    const state = async (id: number) => {
      const po = await get(`/api/purchase_orders/${id}`);
      return [po.status, po.approval_status];
    };

    const approved = await submitted("2000.00");
    expect(await state(approved)).toEqual(["PENDING", "PENDING"]);
    const [row] = await approvalsOf(h, "PurchaseOrder", approved);
    expect((await post("approver@acme.test", `/api/approvals/${row.id}/approve`)).statusCode).toBe(200);
    expect(await state(approved)).toEqual(["APPROVED", "APPROVED"]);

    const rejected = await submitted("3000.00");
    const [other] = await approvalsOf(h, "PurchaseOrder", rejected);
    // a refused act changes nothing
    expect((await post("staff@acme.test", `/api/approvals/${other.id}/reject`, { comment: "no" })).statusCode).toBe(403);
    expect(await state(rejected)).toEqual(["PENDING", "PENDING"]);
    expect((await post("approver@acme.test", `/api/approvals/${other.id}/reject`, { comment: "over budget" })).statusCode).toBe(200);
    expect(await state(rejected)).toEqual(["REJECTED", "REJECTED"]);

    expect(await state(await submitted("500.00"))).toEqual(["APPROVED", "APPROVED"]);
  });
});
