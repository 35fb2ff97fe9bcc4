/**
 * Re-approval on sensitive changes: a payment method's bank details, a card's limits, a vendor's tax
 * data changed after approval put the record back through its workflow, and no payment run pays a
 * destination that awaits approval (409 naming it) until it is approved again.
 */
import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { payableFixture, type PayableFixture } from "../bench/payables-fixture.js";
import { useApp } from "./harness.js";

const h = useApp();
let tags = 0;

async function call(email: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  return h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });
}

async function payables(vendors: number): Promise<PayableFixture> {
  return payableFixture(h.database.db, await h.companyId("Acme Corp"), { vendors, perVendor: 1, tag: `RA${process.pid}-${++tags}` });
}

/** A run of the fixture's invoices, created, submitted and approved (approver@acme.test). */
async function approvedRun(fixture: PayableFixture): Promise<number> {
  const items = fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount }));
  const created = await call("admin@acme.test", "POST", "/api/payment_runs", { payment_date: earliestPaymentDate(), items });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect((await call("admin@acme.test", "POST", `/api/payment_runs/${id}/submit`)).statusCode).toBe(200);
  const [approval] = (await call("admin@acme.test", "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${id}`)).json().data;
  expect((await call("approver@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
  return id;
}

async function pendingApprovals(type: string, id: number): Promise<{ id: number; aasm_state: string }[]> {
  const response = await call("admin@acme.test", "GET", `/api/approvals?approvable_type=${type}&approvable_id=${id}&aasm_state=pending`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function paymentsOf(runId: number) {
  return h.database.db.selectFrom("payments").select(["status", "payment_number"]).where("payment_run_id", "=", runId).execute();
}

describe("a payment method's bank details changed after the run's approval", () => {
  it("holds the run (409 naming the method) until the change is approved; then the NACHA file pays the new account", async () => {
    const fixture = await payables(1);
    const vendorId = fixture.vendorIds[0];
    const company = await h.companyId("Acme Corp");
    const vendorName = `RA${process.pid}-${tags} Vendor 1`;
    await h.database.db.insertInto("contacts").values({
      company_id: company, first_name: "Rita", last_name: "Receivable", email: `ar-${process.pid}-${tags}@vendor.test`, contact_type: "VENDOR", vendor_id: vendorId, status: "ACTIVE",
    }).execute();
    const runId = await approvedRun(fixture);
    const method = await h.database.db.selectFrom("payment_methods").select(["id", "account_number"]).where("vendor_id", "=", vendorId).executeTakeFirstOrThrow();

    const changed = await call("ap@acme.test", "PATCH", `/api/payment_methods/${method.id}`, { account_number: "987656789" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ status: "PENDING", account_number_masked: "••••6789" });
    expect(await pendingApprovals("PaymentMethod", method.id)).toHaveLength(1);

    // the vendor's contacts and the company's admins are told (after the commit); the message shows the last four digits only
    const mail = await h.database.db.selectFrom("mail_messages").select(["to", "text"])
      .where("related_type", "=", "PaymentMethod").where("related_id", "=", method.id).where("subject", "like", "Bank details changed%").execute();
    expect(mail.map((m) => m.to).sort()).toEqual(expect.arrayContaining([`ar-${process.pid}-${tags}@vendor.test`, "admin@acme.test"]));
    expect(mail.every((m) => String(m.text).includes("••••6789") && !String(m.text).includes("987656789"))).toBe(true);

    const held = await call("admin@acme.test", "POST", `/api/payment_runs/${runId}/process`);
    expect(held.statusCode).toBe(409);
    expect(held.json().errors.base).toEqual([`Payment method ACH ••••6789 of ${vendorName} awaits approval.`]);
    expect((await paymentsOf(runId)).every((p) => p.status === "APPROVED" || p.status === "PENDING")).toBe(true);

    const [approval] = await pendingApprovals("PaymentMethod", method.id);
    expect((await call("admin@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
    expect((await call("admin@acme.test", "GET", `/api/payment_methods/${method.id}`)).json().data.status).toBe("ACTIVE");

    const processed = await call("admin@acme.test", "POST", `/api/payment_runs/${runId}/process`);
    expect(processed.statusCode, processed.body).toBe(200);
    const [file] = (await call("admin@acme.test", "GET", `/api/nacha_payments?payment_run_id=${runId}`)).json().data;
    const nacha = (await call("admin@acme.test", "GET", `/api/nacha_payments/${file.id}/file`)).body;
    const entries = nacha.split(/\r?\n/).filter((line) => line.startsWith("6"));
    expect(entries).toHaveLength(1);
    // entry detail: the receiving DFI account number in positions 13–29
    expect(entries[0].slice(12, 29).trim()).toBe("987656789");
  });

  it("a rejected change leaves the method INACTIVE: the run is refused until another method is chosen", async () => {
    const fixture = await payables(1);
    const runId = await approvedRun(fixture);
    const method = await h.database.db.selectFrom("payment_methods").select("id").where("vendor_id", "=", fixture.vendorIds[0]).executeTakeFirstOrThrow();
    expect((await call("ap@acme.test", "PATCH", `/api/payment_methods/${method.id}`, { routing: "021000021" })).json().data.status).toBe("PENDING");
    const [approval] = await pendingApprovals("PaymentMethod", method.id);
    expect((await call("admin@acme.test", "POST", `/api/approvals/${approval.id}/reject`, { comment: "Not asked for by the vendor" })).statusCode).toBe(200);
    expect((await call("admin@acme.test", "GET", `/api/payment_methods/${method.id}`)).json().data.status).toBe("INACTIVE");
    const refused = await call("admin@acme.test", "POST", `/api/payment_runs/${runId}/process`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.base[0]).toMatch(/^Payment method ACH ••••\d{4} of .+ is INACTIVE\.$/);
    // switching it on again is a new approval, not a way around the refusal
    expect((await call("ap@acme.test", "POST", `/api/payment_methods/${method.id}/activate`)).statusCode).toBe(409);
    const reactivated = await call("ap@acme.test", "POST", `/api/payment_methods/${method.id}/reactivate`);
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json().data.status).toBe("PENDING");
    expect(await pendingApprovals("PaymentMethod", method.id)).toHaveLength(1);
  });

  it("an edit that leaves the bank details as they were keeps the method ACTIVE and tells no one", async () => {
    const fixture = await payables(1);
    const method = await h.database.db.selectFrom("payment_methods").select(["id", "routing"]).where("vendor_id", "=", fixture.vendorIds[0]).executeTakeFirstOrThrow();
    const renamed = await call("ap@acme.test", "PATCH", `/api/payment_methods/${method.id}`, { name: "Main account", routing: method.routing, is_default: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.status).toBe("ACTIVE");
    expect(await pendingApprovals("PaymentMethod", method.id)).toEqual([]);
    const mail = await h.database.db.selectFrom("mail_messages").select("id").where("related_type", "=", "PaymentMethod").where("related_id", "=", method.id)
      .where("subject", "like", "Bank details changed%").execute();
    expect(mail).toEqual([]);
  });
});

describe("a new payment method of a vendor", () => {
  it("is PENDING until the Vendor workflow approves it; the status is not the client's", async () => {
    const fixture = await payables(1);
    const method = { owner_type: "Vendor", vendor_id: fixture.vendorIds[0], name: "New ACH", payment_type: "ach", routing: "021000021", account_number: "5550001234", currency_code: "USD" };
    const forged = await call("ap@acme.test", "POST", "/api/payment_methods", { ...method, status: "ACTIVE" });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual({ status: ["is set by the server and cannot be written"] });
    const created = await call("ap@acme.test", "POST", "/api/payment_methods", method);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.status).toBe("PENDING");
    const [approval] = await pendingApprovals("PaymentMethod", id);
    expect((await call("admin@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
    expect((await call("admin@acme.test", "GET", `/api/payment_methods/${id}`)).json().data.status).toBe("ACTIVE");
  });
});

describe("a vendor's tax data changed after its approval", () => {
  it("puts the vendor back through the Vendor workflow; its run waits (409 naming the vendor)", async () => {
    const fixture = await payables(1);
    const vendorId = fixture.vendorIds[0];
    const runId = await approvedRun(fixture);
    const changed = await call("ap@acme.test", "PATCH", `/api/vendors/${vendorId}`, { tax_id: "12-3456789" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.status).toBe("PENDING");
    const held = await call("admin@acme.test", "POST", `/api/payment_runs/${runId}/process`);
    expect(held.statusCode).toBe(409);
    expect(held.json().errors.base[0]).toMatch(/^Vendor .+ awaits approval\.$/);
    const [approval] = await pendingApprovals("Vendor", vendorId);
    expect((await call("admin@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
    expect((await call("admin@acme.test", "POST", `/api/payment_runs/${runId}/process`)).statusCode).toBe(200);
  });

  it("an INACTIVE vendor edited and switched on again is approved again first", async () => {
    const [vendor] = (await payables(1)).vendorIds;
    expect((await call("admin@acme.test", "POST", `/api/vendors/${vendor}/deactivate`)).json().data.status).toBe("INACTIVE");
    expect((await call("ap@acme.test", "PATCH", `/api/vendors/${vendor}`, { tax_id: "98-7654321" })).json().data.status).toBe("INACTIVE");
    const activated = await call("admin@acme.test", "POST", `/api/vendors/${vendor}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().data.status).toBe("PENDING");
    expect(await pendingApprovals("Vendor", vendor)).toHaveLength(1);
  });
});

describe("an approved card purchase recoded", () => {
  it("goes back through the card workflow", async () => {
    const [purchase] = (await call("admin@acme.test", "GET", "/api/purchases?status=OPEN&_end=1")).json().data;
    const code = purchase.account_code === "6000" ? "6100" : "6000";
    const recoded = await call("admin@acme.test", "PATCH", `/api/purchases/${purchase.id}`, { account_code: code });
    expect(recoded.statusCode, recoded.body).toBe(200);
    expect(recoded.json().data.status).toBe("PENDING");
    expect(await pendingApprovals("Purchase", purchase.id)).not.toEqual([]);
  });
});

describe("a card's limit raised after its approval", () => {
  it("is not in effect until approved: the ACTIVE card is PENDING, then ACTIVE again with the new limit", async () => {
    // a card not held by the approver, who never approves their own card (segregation of duties)
    const approverContact = (await call("approver@acme.test", "GET", "/api/users/current")).json().data.contact.id;
    const card = (await call("admin@acme.test", "GET", "/api/virtual_cards?status=ACTIVE&issue_date_null=false&_end=50")).json().data
      .find((c: { contact_id: number | null }) => c.contact_id !== approverContact);
    const raised = await call("admin@acme.test", "PATCH", `/api/virtual_cards/${card.id}`, { amount: "990000.00" });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ status: "PENDING", amount: "990000.00" });
    const [approval] = await pendingApprovals("VirtualCard", card.id);
    expect(approval).toBeDefined();
    // the change's author cannot approve it; the card workflow's approver can
    expect((await call("approver@acme.test", "POST", `/api/approvals/${approval.id}/approve`)).statusCode).toBe(200);
    expect((await call("admin@acme.test", "GET", `/api/virtual_cards/${card.id}`)).json().data).toMatchObject({ status: "ACTIVE", amount: "990000.00" });
  });

  it("a change of the card's description alone is no new approval", async () => {
    const [card] = (await call("admin@acme.test", "GET", "/api/virtual_cards?status=ACTIVE&_end=1")).json().data;
    const edited = await call("admin@acme.test", "PATCH", `/api/virtual_cards/${card.id}`, { description: "Team lunches" });
    expect(edited.json().data.status).toBe("ACTIVE");
  });
});
