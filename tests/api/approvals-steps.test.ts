/**
 * Workflow steps beyond amounts and ids: OTHER approvers (the requester's manager), DEPARTMENT and
 * LOCATION names, INVOICE_PO and VENDOR_PO, and the custom triggers that cannot be saved yet.
 */
import { describe, expect, it } from "vitest";
import { acmeOf, approvalsOf, codedInvoice, useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";

const h = useApp();
const acme = () => acmeOf(h);

const post = async (email: string, url: string, payload?: object) =>
  h.app.inject({ method: "POST", url, headers: await h.login(email), ...(payload ? { payload } : {}) });
const get = async (url: string) => (await h.app.inject({ url, headers: await h.login("admin@acme.test") })).json().data;

async function setManager(contactId: number, managerId: number | null): Promise<void> {
  await h.database.db.updateTable("contacts").set({ manager_id: managerId }).where("id", "=", contactId).execute();
}

/** A DRAFT purchase order of Acme requested by `requestorId`, created by po@acme.test. */
async function draftPo(requestorId: number | null): Promise<number> {
  const { vendor } = await acme();
  const created = await post("po@acme.test", "/api/purchase_orders", {
    number: `PO-S-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-02", currency_code: "USD", amount: "800.00", requestor_id: requestorId,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

describe("OTHER approvers: the requester's manager", () => {
  it("in the demo data the staff member and the AP clerk report to the approver", async () => {
    const { contact } = await acme();
    const managers = await h.database.db.selectFrom("contacts").select(["email", "manager_id"])
      .where("id", "in", [await contact("staff@acme.test"), await contact("ap@acme.test"), await contact("admin@acme.test")]).orderBy("email").execute();
    const approver = await contact("approver@acme.test");
    expect(managers).toEqual([
      { email: "admin@acme.test", manager_id: null }, { email: "ap@acme.test", manager_id: approver }, { email: "staff@acme.test", manager_id: approver },
    ]);
  });

  it("one pending row for the manager of the PO's requestor; the manager approves", async () => {
    const { contact } = await acme();
    const staff = await contact("staff@acme.test");
    const approver = await contact("approver@acme.test");
    await setManager(staff, approver);
    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "DEFAULT", approver_type: "OTHER" }]);
    const id = await draftPo(staff);
    expect((await post("po@acme.test", `/api/purchase_orders/${id}/submit`)).statusCode).toBe(200);
    const rows = await approvalsOf(h, "PurchaseOrder", id);
    expect(rows.map((r) => [r.step, r.contact_id, r.aasm_state])).toEqual([[1, approver, "pending"]]);
    expect((await post("staff@acme.test", `/api/approvals/${rows[0].id}/approve`)).statusCode).toBe(403);
    expect((await post("approver@acme.test", `/api/approvals/${rows[0].id}/approve`)).statusCode).toBe(200);
    expect((await get(`/api/purchase_orders/${id}`)).status).toBe("APPROVED");
  });

  it("without a requester column the submitting user's contact is the requester", async () => {
    const { contact, vendor } = await acme();
    await setManager(await contact("ap@acme.test"), await contact("approver@acme.test"));
    await useWorkflow(h, "Invoice", [{ order: 1, trigger: "DEFAULT", approver_type: "OTHER" }]);
    const created = await post("ap@acme.test", "/api/invoices", codedInvoice("OT", vendor, "120.00"));
    const id = created.json().data.id as number;
    expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
    expect((await approvalsOf(h, "Invoice", id)).map((r) => r.contact_id)).toEqual([await contact("approver@acme.test")]);
  });

  it("refuses the submit, writing nothing, when the requester has no manager or manages themself", async () => {
    const { contact } = await acme();
    const receiving = await contact("receiving@acme.test");
    await useWorkflow(h, "PurchaseOrder", [
      { order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [await contact("admin@acme.test")] },
      { order: 2, trigger: "DEFAULT", approver_type: "OTHER" },
    ]);
    const name = await h.database.db.selectFrom("contacts").select(["first_name", "last_name"]).where("id", "=", receiving).executeTakeFirstOrThrow();
    const message = `Step 2 needs the requester's manager: ${name.first_name} ${name.last_name} has none`;
    for (const manager of [null, receiving]) {
      await setManager(receiving, manager);
      const id = await draftPo(receiving);
      const refused = await post("po@acme.test", `/api/purchase_orders/${id}/submit`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ base: [message] });
      expect(await approvalsOf(h, "PurchaseOrder", id)).toEqual([]);
      expect((await get(`/api/purchase_orders/${id}`)).status).toBe("DRAFT");
    }
  });

  it("segregation of duties still applies: a manager who submitted the record cannot approve it", async () => {
    const { contact } = await acme();
    const staff = await contact("staff@acme.test");
    await setManager(staff, await contact("po@acme.test"));
    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "DEFAULT", approver_type: "OTHER" }]);
    const id = await draftPo(staff);
    expect((await post("po@acme.test", `/api/purchase_orders/${id}/submit`)).statusCode).toBe(200);
    const [row] = await approvalsOf(h, "PurchaseOrder", id);
    expect(row.contact_id).toBe(await contact("po@acme.test"));
    const own = await post("po@acme.test", `/api/approvals/${row.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.base[0]).toMatch(/Segregation of duties/);
  });

  it("an OTHER step takes no approver ids", async () => {
    const { contact } = await acme();
    const response = await post("admin@acme.test", "/api/workflows", {
      name: "Manager with ids", workflow_type: "PurchaseOrder", steps: [{ order: 1, trigger: "DEFAULT", approver_type: "OTHER", approver_ids: [await contact("approver@acme.test")] }],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["steps.0.approver_ids"]);
  });
});

describe("DEPARTMENT and LOCATION steps match the record's names", () => {
  it("an invoice's department and location name, trimmed and case-insensitive; other names do not match", async () => {
    const { contact, vendor } = await acme();
    const approver = await contact("approver@acme.test");
    const admin = await contact("admin@acme.test");
    await useWorkflow(h, "Invoice", [
      { order: 1, trigger: "DEPARTMENT", names: [" Sales ", "Marketing"], approver_type: "USER", approver_ids: [approver] },
      { order: 2, trigger: "LOCATION", names: ["Austin"], approver_type: "USER", approver_ids: [admin] },
    ]);
    const submitted = async (department: string | null, location: string | null) => {
      const created = await post("ap@acme.test", "/api/invoices", { ...codedInvoice("DL", vendor, "300.00"), department, location_name: location });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
      return (await approvalsOf(h, "Invoice", id)).map((r) => [r.step, r.contact_id, r.aasm_state]);
    };
    expect(await submitted("sales", "  AUSTIN ")).toEqual([[1, approver, "pending"], [2, admin, "pending"]]);
    expect(await submitted("MARKETING", "Boston")).toEqual([[1, approver, "pending"]]);
    expect(await submitted("Salesforce", null)).toEqual([[1, null, "approved"]]);
  });

  it("a purchase order's department", async () => {
    const { contact, vendor } = await acme();
    const approver = await contact("approver@acme.test");
    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "DEPARTMENT", names: ["Engineering"], approver_type: "USER", approver_ids: [approver] }]);
    const created = await post("po@acme.test", "/api/purchase_orders", {
      number: `PO-D-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-02", currency_code: "USD", amount: "900.00", department: "engineering",
    });
    const id = created.json().data.id as number;
    expect((await post("po@acme.test", `/api/purchase_orders/${id}/submit`)).statusCode).toBe(200);
    expect((await approvalsOf(h, "PurchaseOrder", id)).map((r) => r.contact_id)).toEqual([approver]);
  });

  it("refuses DEPARTMENT / LOCATION steps without names, blank names, and names on other steps; stores names trimmed", async () => {
    const { contact } = await acme();
    const approver = await contact("approver@acme.test");
    const refused = await post("admin@acme.test", "/api/workflows", {
      name: "Names", workflow_type: "Invoice", steps: [
        { order: 1, trigger: "DEPARTMENT", approver_type: "USER", approver_ids: [approver] },
        { order: 2, trigger: "LOCATION", names: ["Austin", "  "], approver_type: "USER", approver_ids: [approver] },
        { order: 3, trigger: "DEFAULT", names: ["Sales"], approver_type: "USER", approver_ids: [approver] },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      "steps.0.names": ["a DEPARTMENT step needs the department names it applies to"],
      "steps.1.names": ["must not be blank"],
      "steps.2.names": ["names apply only to DEPARTMENT and LOCATION steps"],
    });
    const saved = await post("admin@acme.test", "/api/workflows", {
      name: "Names ok", workflow_type: "Invoice", steps: [{ order: 1, trigger: "LOCATION", names: [" Austin "], approver_type: "USER", approver_ids: [approver] }],
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.steps[0].names).toEqual(["Austin"]);
    expect(saved.json().data.steps_summary).toBe("1. Location (Austin) → User");
  });
});

describe("INVOICE_PO and VENDOR_PO steps", () => {
  /** Acme's first purchase order of the vendor, and the vendor made to require POs or not. */
  async function poVendor(requiresPo: boolean) {
    const { vendor, company } = await acme();
    await h.database.db.updateTable("vendors").set({ po_not_required: !requiresPo }).where("id", "=", vendor).execute();
    const po = await h.database.db.selectFrom("purchase_orders").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
    return { vendor, po: po.id as number };
  }

  async function submittedInvoice(vendor: number, purchaseOrderIds: number[]) {
    const created = await post("ap@acme.test", "/api/invoices", { ...codedInvoice("PO", vendor, "400.00"), purchase_order_ids: purchaseOrderIds });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
    return (await approvalsOf(h, "Invoice", id)).map((r) => [r.step, r.contact_id, r.aasm_state]);
  }

  it("INVOICE_PO matches an invoice linked to a purchase order, not one without", async () => {
    const { contact } = await acme();
    const approver = await contact("approver@acme.test");
    const { vendor, po } = await poVendor(false);
    await useWorkflow(h, "Invoice", [{ order: 1, trigger: "INVOICE_PO", approver_type: "USER", approver_ids: [approver] }]);
    expect(await submittedInvoice(vendor, [po])).toEqual([[1, approver, "pending"]]);
    expect(await submittedInvoice(vendor, [])).toEqual([[1, null, "approved"]]);
  });

  it("VENDOR_PO matches a PO vendor's invoice without a PO; not one with a PO, nor a vendor without the requirement", async () => {
    const { contact } = await acme();
    const admin = await contact("admin@acme.test");
    await useWorkflow(h, "Invoice", [{ order: 1, trigger: "VENDOR_PO", approver_type: "USER", approver_ids: [admin] }]);
    const { vendor, po } = await poVendor(true);
    expect(await submittedInvoice(vendor, [])).toEqual([[1, admin, "pending"]]);
    expect(await submittedInvoice(vendor, [po])).toEqual([[1, null, "approved"]]);
    await poVendor(false);
    expect(await submittedInvoice(vendor, [])).toEqual([[1, null, "approved"]]);
  });

  it("VENDOR_PO matches a purchase order of a vendor that requires them", async () => {
    const { contact } = await acme();
    const approver = await contact("approver@acme.test");
    const { vendor } = await poVendor(true);
    await useWorkflow(h, "PurchaseOrder", [{ order: 1, trigger: "VENDOR_PO", approver_type: "USER", approver_ids: [approver] }]);
    const created = await post("po@acme.test", "/api/purchase_orders", { number: `PO-V-${Math.random().toString(36).slice(2, 8)}`, vendor_id: vendor, date: "2026-11-02", currency_code: "USD" });
    const id = created.json().data.id as number;
    expect((await post("po@acme.test", `/api/purchase_orders/${id}/submit`)).statusCode).toBe(200);
    expect((await approvalsOf(h, "PurchaseOrder", id)).map((r) => [r.contact_id, r.aasm_state])).toEqual([[approver, "pending"]]);
  });
});

describe("custom triggers", () => {
  it("refuses CUSTOM_QUESTION and CUSTOM_TRIGGER steps (nothing to evaluate yet), on create and on edit", async () => {
    const { contact, company } = await acme();
    const approver = await contact("approver@acme.test");
    const custom = (trigger: string, order: number) => ({ order, trigger, approver_type: "USER", approver_ids: [approver] });
    const created = await post("admin@acme.test", "/api/workflows", { name: "Custom", workflow_type: "Invoice", steps: [custom("DEFAULT", 1), custom("CUSTOM_QUESTION", 2), custom("CUSTOM_TRIGGER", 3)] });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({
      "steps.1.trigger": ["CUSTOM_QUESTION steps are not supported yet"],
      "steps.2.trigger": ["CUSTOM_TRIGGER steps are not supported yet"],
    });
    expect(await h.database.db.selectFrom("workflows").select("id").where("name", "=", "Custom").execute()).toEqual([]);

    const existing = await h.database.db.selectFrom("workflows").select(["id", "steps"]).where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
    const edited = await h.app.inject({ method: "PATCH", url: `/api/workflows/${existing.id}`, headers: await h.login("admin@acme.test"), payload: { steps: [custom("CUSTOM_QUESTION", 1)] } });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors).toEqual({ "steps.0.trigger": ["CUSTOM_QUESTION steps are not supported yet"] });
    const after = await h.database.db.selectFrom("workflows").select("steps").where("id", "=", existing.id).executeTakeFirstOrThrow();
    expect(after.steps).toEqual(existing.steps);
  });

  it("no seeded workflow uses them", async () => {
    const steps = (await h.database.db.selectFrom("workflows").select("steps").execute()).flatMap((w) => w.steps as { trigger: string }[]);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.filter((s) => s.trigger.startsWith("CUSTOM_"))).toEqual([]);
  });
});
