/** What the approval tests share: a GL-coded Acme invoice body, Acme's ids, workflows and approval rows. */
import { expect } from "vitest";
import type { Harness } from "./harness.js";

/** A NEW invoice with GL coding for `amount` (a unique number with the prefix). */
export const codedInvoice = (prefix: string, vendorId: number, amount: string) => ({
  number: `${prefix}-${Math.random().toString(36).slice(2, 10)}`, vendor_id: vendorId, date: "2026-11-01", due_date: "2026-12-01",
  amount, currency_code: "USD", debit_entries: [{ account_number: "6000", amount }],
});

/** Acme's id, its first vendor, and a lookup of its contacts by e-mail. */
export async function acmeOf(h: Harness) {
  const company = await h.companyId("Acme Corp");
  const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
  const contact = async (email: string) => (await h.database.db.selectFrom("contacts").select("id")
    .where("company_id", "=", company).where("email", "=", email).executeTakeFirstOrThrow()).id as number;
  return { company, vendor: vendor.id as number, contact };
}

/** Make a workflow of these steps Acme's only ACTIVE one of the type (saved by admin through the API). */
export async function useWorkflow(h: Harness, workflowType: string, steps: object[]): Promise<void> {
  const { company } = await acmeOf(h);
  await h.database.db.updateTable("workflows").set({ status: "INACTIVE" }).where("company_id", "=", company).where("workflow_type", "=", workflowType).execute();
  const headers = await h.login("admin@acme.test");
  const created = await h.app.inject({ method: "POST", url: "/api/workflows", headers,
    payload: { name: `${workflowType} test flow ${Math.random().toString(36).slice(2, 6)}`, workflow_type: workflowType, steps } });
  expect(created.statusCode, created.body).toBe(201);
  // created INACTIVE (statuses are server-owned); switched on by its declared transition
  const activated = await h.app.inject({ method: "POST", url: `/api/workflows/${String(created.json().data.id)}/activate`, headers });
  expect(activated.statusCode, activated.body).toBe(200);
}

export interface ApprovalRow { id: number; step: number; contact_id: number | null; aasm_state: string; comment: string | null }

/** The record's approval rows, oldest first. */
export async function approvalsOf(h: Harness, type: string, id: number): Promise<ApprovalRow[]> {
  const response = await h.app.inject({ url: `/api/approvals?approvable_type=${type}&approvable_id=${id}&_sort=id&_order=asc`, headers: await h.login("admin@acme.test") });
  expect(response.statusCode).toBe(200);
  return response.json().data as ApprovalRow[];
}
