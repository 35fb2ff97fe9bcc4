/**
 * The approval engine for every approvable type beyond invoices, chain restart on edit, the
 * notifications and mail of a chain, and the workflow rules.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { deliverMail, maxAttempts } from "../../src/server/mail/deliver.js";
import { inTransaction } from "../../src/server/db/unit-of-work.js";
import { queueMail, writeOutbox } from "../../src/server/mail/outbox.js";
import type { Ctx } from "../../src/server/resources/context.js";
import { useWorkflow } from "./approval-fixtures.js";
import { useApp } from "./harness.js";
import { receiptsOn } from "./uploads.js";
import { untyped } from "../../src/server/db/connect.js";

const h = useApp();
/** the notifications and mail of the demo data have ids up to these */
const demo = { notifications: 0, mail_messages: 0 };
beforeAll(async () => {
  for (const table of ["notifications", "mail_messages"] as const) {
    const last = await h.database.db.selectFrom(table).select("id").orderBy("id", "desc").executeTakeFirst();
    demo[table] = (last?.id as number | undefined) ?? 0;
  }
});

const post = async (email: string, url: string, payload?: object) =>
  h.app.inject({ method: "POST", url, headers: await h.login(email), ...(payload ? { payload } : {}) });
const patch = async (email: string, url: string, payload: object) => h.app.inject({ method: "PATCH", url, headers: await h.login(email), payload });
const get = async (email: string, url: string) => h.app.inject({ url, headers: await h.login(email) });

async function acme() {
  const company = await h.companyId("Acme Corp");
  const contact = async (email: string) => (await h.database.db.selectFrom("contacts").select("id")
    .where("company_id", "=", company).where("email", "=", email).executeTakeFirstOrThrow()).id as number;
  const user = async (email: string) => (await h.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id as number;
  return { company, contact, user };
}

async function approvalsOf(type: string, id: number) {
  const response = await get("admin@acme.test", `/api/approvals?approvable_type=${type}&approvable_id=${id}&_sort=id&_order=asc`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; step: number; contact_id: number | null; aasm_state: string; submitted_by_id: number | null; approvable: { number: unknown; screen: string } | null }[];
}

/** The user's notifications whose title starts with `title`, newer than the demo data's. */
async function notificationsOf(email: string, title: string) {
  const { user } = await acme();
  return h.database.db.selectFrom("notifications").selectAll().where("user_id", "=", await user(email)).where("title", "like", `${title}%`)
    .where("id", ">", demo.notifications).orderBy("id").execute();
}

async function mailTo(email: string, type: string, id: number) {
  return h.database.db.selectFrom("mail_messages").selectAll().where("to", "=", email).where("related_type", "=", type).where("related_id", "=", id)
    .where("id", ">", demo.mail_messages).orderBy("id").execute();
}

interface Case {
  type: string;
  workflowType: string;
  /** the resource that submits it, and the one that shows it in every state */
  submitVia: string;
  showVia: string;
  table: string;
  recordType?: string;
  from: string;
  approved: string;
  rejected: string;
  /** the start of its notification title */
  label: string;
  /** its approval screen: addressed by the {record}'s id or the {approval}'s */
  link: string;
  /** a second submit: 409, or 404 when the submitting view no longer lists the record (the credit inbox shows NEW credits) */
  resubmit?: number;
}

const cases: Case[] = [
  { type: "PurchaseOrder", workflowType: "PurchaseOrder", submitVia: "purchase_orders", showVia: "purchase_orders", table: "purchase_orders", from: "DRAFT", approved: "APPROVED", rejected: "REJECTED", label: "Purchase Order", link: "/po_approvals/{record}" },
  { type: "Payment", workflowType: "Payment", submitVia: "payments", showVia: "payments", table: "payments", recordType: "DEBIT", from: "PENDING", approved: "APPROVED", rejected: "REJECTED", label: "Payment", link: "/payments_approval/{record}" },
  { type: "CreditMemo", workflowType: "CreditMemo", submitVia: "credit_memo_inbox", showVia: "vendor_credits", table: "payments", recordType: "CREDIT", from: "NEW", approved: "AVAILABLE", rejected: "REJECTED", label: "Credit Memo", link: "/credit_memos_approval/{record}", resubmit: 404 },
  { type: "ExpenseReport", workflowType: "ExpenseReport", submitVia: "expense_reports", showVia: "expense_reports", table: "expense_reports", from: "NEW", approved: "OPEN", rejected: "REJECTED", label: "Expense Report", link: "/expenses_approval/{approval}" },
  { type: "Vendor", workflowType: "Vendor", submitVia: "vendors", showVia: "vendors", table: "vendors", from: "NEW", approved: "ACTIVE", rejected: "REJECTED", label: "Vendor", link: "/vendor_approvals/{record}" },
  { type: "VirtualCard", workflowType: "VirtualCard", submitVia: "virtual_cards", showVia: "virtual_cards", table: "virtual_cards", from: "PENDING", approved: "APPROVED", rejected: "REJECTED", label: "Virtual Card", link: "/vcard_approvals/{record}" },
  { type: "Purchase", workflowType: "VirtualCard", submitVia: "purchases", showVia: "purchases", table: "purchases", from: "PENDING", approved: "OPEN", rejected: "REJECT", label: "Card Purchase", link: "/purchase/approvals/{record}" },
];

/** Demo records of the case's table, put back into the submittable status without approvals. */
async function records(c: Case, count: number): Promise<number[]> {
  const { company, contact } = await acme();
  let query = untyped(h.database.db).selectFrom(`${c.table} as r`).select("r.id").where("r.company_id", "=", company).orderBy("r.id").limit(count);
  if (c.recordType) query = query.where("r.record_type", "=", c.recordType);
  // a report is submitted with its items
  if (c.table === "expense_reports") query = query.where((eb) => eb.exists(eb.selectFrom("expense_items as i").select("i.id").whereRef("i.expense_report_id", "=", "r.id")));
  // and the test's approver and staff user gain nothing from it (segregation of duties would refuse them otherwise)
  const people = [await contact("approver@acme.test"), await contact("staff@acme.test")];
  if (c.table === "expense_reports") query = query.where("r.employee_contact_id", "not in", people);
  if (c.table === "purchases") query = query.where((eb) => eb.not(eb.exists(eb.selectFrom("virtual_cards as v").select("v.id").whereRef("v.id", "=", "r.virtual_card_id").where("v.contact_id", "in", people))));
  const ids = (await query.execute()).map((r) => r.id as number);
  expect(ids).toHaveLength(count);
  await untyped(h.database.db).updateTable(c.table).set({ status: c.from }).where("id", "in", ids).execute();
  // with its receipts (the company's receipt threshold)
  if (c.table === "expense_reports") await receiptsOn(h.database.db, ids);
  await h.database.db.deleteFrom("approvals").where("approvable_type", "=", c.type).where("approvable_id", "in", ids).execute();
  return ids;
}

const statusOf = async (c: Case, id: number) => (await get("admin@acme.test", `/api/${c.showVia}/${id}`)).json().data.status as string;

describe.each(cases)("$type approvals", (c) => {
  it(`submit → PENDING → approved: ${c.approved}; staff is refused; a second submit is a conflict`, async () => {
    const { contact } = await acme();
    await useWorkflow(h, c.workflowType, [{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [await contact("approver@acme.test")] }]);
    const [id] = await records(c, 1);

    const submitted = await post("admin@acme.test", `/api/${c.submitVia}/${id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await statusOf(c, id)).toBe("PENDING");
    const [row, ...more] = await approvalsOf(c.type, id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ step: 1, aasm_state: "pending", contact_id: await contact("approver@acme.test"), submitted_by_id: (await acme().then((a) => a.user("admin@acme.test"))) });
    expect(row.approvable?.number).not.toBeNull();
    const screen = c.link.replace("{record}", String(id)).replace("{approval}", String(row.id));
    expect(row.approvable?.screen).toBe(screen);
    expect((await post("admin@acme.test", `/api/${c.submitVia}/${id}/submit`)).statusCode).toBe(c.resubmit ?? 409);

    // the approver is asked, in the app and by mail
    const [asked] = await notificationsOf("approver@acme.test", c.label);
    expect(asked).toMatchObject({ kind: "approval" });
    expect(asked.title).toMatch(/awaits your approval$/);
    expect(asked.link).toBe(screen);
    expect(await mailTo("approver@acme.test", c.type, id)).toEqual([expect.objectContaining({ status: "stored", subject: asked.title })]);

    // refused: 403 where staff may read the approvals, 404 where an approval of another's record does not exist for them
    expect([403, 404]).toContain((await post("staff@acme.test", `/api/approvals/${row.id}/approve`)).statusCode);
    expect(await statusOf(c, id)).toBe("PENDING");
    const approved = await post("approver@acme.test", `/api/approvals/${row.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(c, id)).toBe(c.approved);
    // the requester hears the outcome
    expect((await notificationsOf("admin@acme.test", c.label)).map((n) => n.kind)).toContain("approved");
  });

  it(`a rejection → ${c.rejected}`, async () => {
    const [, id] = await records(c, 2);
    expect((await post("admin@acme.test", `/api/${c.submitVia}/${id}/submit`)).statusCode).toBe(200);
    const [row] = await approvalsOf(c.type, id);
    expect((await post("approver@acme.test", `/api/approvals/${row.id}/reject`, { comment: "not this one" })).statusCode).toBe(200);
    expect(await statusOf(c, id)).toBe(c.rejected);
  });
});

describe("submit refusals", () => {
  it("refuses a user without the type's submit permission (403) and a record in a status that is not submittable (409)", async () => {
    const vendor = cases.find((c) => c.type === "Vendor")!;
    const [id] = await records(vendor, 1);
    expect((await post("staff@acme.test", `/api/vendors/${id}/submit`)).statusCode).toBe(403);
    await h.database.db.updateTable("vendors").set({ status: "ACTIVE" }).where("id", "=", id).execute();
    const active = await post("admin@acme.test", `/api/vendors/${id}/submit`);
    expect(active.statusCode).toBe(409);
    expect(active.json().errors.base[0]).toMatch(/Only a record in status NEW, REJECTED can be submitted/);
  });
});

const invoice = (vendorId: number, amount: string) => ({
  number: `RS-${Math.random().toString(36).slice(2, 10)}`, vendor_id: vendorId, date: "2026-11-01", due_date: "2026-12-01",
  amount, currency_code: "USD", debit_entries: [{ account_number: "6000", amount }],
});

async function submittedInvoice(amount: string): Promise<number> {
  const { company } = await acme();
  const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
  const created = await post("ap@acme.test", "/api/invoices", invoice(vendor.id as number, amount));
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
  return id;
}

// the demo Invoice workflow: ≥ 1,000 → approver, ≥ 10,000 → then admin
describe("invoice chains: restart, notifications, mail", () => {
  it("only the current step's approver is told; the next one when the step is done", async () => {
    const id = await submittedInvoice("12000.00");
    const label = (await get("admin@acme.test", `/api/invoices/${id}`)).json().data.number as string;
    const title = `Invoice ${label} awaits your approval`;
    expect(await notificationsOf("approver@acme.test", title)).toEqual([expect.objectContaining({ kind: "approval", link: `/invoices/${id}/approval` })]);
    expect(await notificationsOf("admin@acme.test", title)).toEqual([]);
    expect(await mailTo("admin@acme.test", "Invoice", id)).toEqual([]);
    const [first] = await approvalsOf("Invoice", id);
    expect((await post("approver@acme.test", `/api/approvals/${first.id}/approve`)).statusCode).toBe(200);
    expect(await notificationsOf("admin@acme.test", title)).toHaveLength(1);
    const [mail] = await mailTo("admin@acme.test", "Invoice", id);
    expect(mail).toMatchObject({ subject: title, status: "stored" });
    expect(mail.text).toContain(`/invoices/${id}/approval`);
  });

  it("an amount change of a pending invoice restarts its chain: pending rows replaced, acted rows kept", async () => {
    const { contact } = await acme();
    const id = await submittedInvoice("12000.00");
    const [first, second] = await approvalsOf("Invoice", id);
    expect((await post("approver@acme.test", `/api/approvals/${first.id}/approve`)).statusCode).toBe(200);

    const edited = await patch("ap@acme.test", `/api/invoices/${id}`, { amount: "15000.00", debit_entries: [{ account_number: "6000", amount: "15000.00" }] });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await approvalsOf("Invoice", id);
    expect(after.map((r) => r.id)).not.toContain(second.id);
    expect(after.find((r) => r.id === first.id)).toMatchObject({ aasm_state: "approved" });
    const pending = after.filter((r) => r.aasm_state === "pending");
    expect(pending.map((r) => [r.step, r.contact_id])).toEqual([[1, await contact("approver@acme.test")], [2, await contact("admin@acme.test")]]);
    expect((await get("admin@acme.test", `/api/invoices/${id}`)).json().data.status).toBe("PENDING");

    // a change that is not amount or coding leaves the chain alone
    expect((await patch("ap@acme.test", `/api/invoices/${id}`, { description: "corrected memo" })).statusCode).toBe(200);
    expect((await approvalsOf("Invoice", id)).map((r) => r.id)).toEqual(after.map((r) => r.id));

    // below every threshold: the restarted chain approves at once
    const small = await patch("ap@acme.test", `/api/invoices/${id}`, { amount: "500.00", debit_entries: [{ account_number: "6000", amount: "500.00" }] });
    expect(small.statusCode).toBe(200);
    expect(["APPROVED", "OPEN"]).toContain((await get("admin@acme.test", `/api/invoices/${id}`)).json().data.status);
    expect((await approvalsOf("Invoice", id)).filter((r) => r.aasm_state === "pending")).toEqual([]);
  });
});

describe("mail outbox", () => {
  const ctxOf = async (): Promise<Ctx> => ({ db: h.database.db, company: { id: (await acme()).company } } as unknown as Ctx);
  const subject = () => `outbox ${Math.random().toString(36).slice(2)}`;
  const stored = async (s: string) => h.database.db.selectFrom("mail_messages").selectAll().where("subject", "=", s).execute();

  it("writes the mail with its transaction and delivers it after the commit; nothing when the transaction rolls back", async () => {
    const ctx = await ctxOf();
    const kept = subject();
    await inTransaction(ctx, async (_trx, tctx) => queueMail(tctx, { to: "someone@acme.test", subject: kept, text: "hello", attachments: [{ filename: "a.txt", content: "abc" }] }));
    expect(await stored(kept)).toEqual([expect.objectContaining({ status: "stored", to: "someone@acme.test", attachments: [{ filename: "a.txt", content_type: "text/plain", size: 3 }] })]);

    const lost = subject();
    await expect(inTransaction(ctx, async (_trx, tctx) => {
      queueMail(tctx, { to: "someone@acme.test", subject: lost, text: "never" });
      throw new Error("rolled back");
    })).rejects.toThrow("rolled back");
    expect(await stored(lost)).toEqual([]);
    expect(() => queueMail(ctx, { to: "x@acme.test", subject: lost, text: "outside a transaction" })).toThrow(/inTransaction/);
  });

  it("records a transport failure instead of throwing, and shows the message failed after the last attempt (its job times the retries)", async () => {
    const failing = { delivered: "sent" as const, transporter: { sendMail: () => Promise.reject(new Error("connection refused")) } };
    const s = subject();
    const ids = await writeOutbox(h.database.db, (await acme()).company, [{ to: "someone@acme.test", subject: s, text: "x" }]);
    expect(await deliverMail(h.database.db, { ids, transport: failing as never })).toBe(1);
    expect(await stored(s)).toEqual([expect.objectContaining({ status: "pending", error: "connection refused", sent_at: null, attempts: 1, next_attempt_at: null })]);
    await h.database.db.updateTable("mail_messages").set({ attempts: maxAttempts - 1 }).where("id", "=", ids[0]).execute();
    expect(await deliverMail(h.database.db, { ids, transport: failing as never })).toBe(1);
    expect(await stored(s)).toEqual([expect.objectContaining({ status: "failed", error: "connection refused", attempts: maxAttempts, next_attempt_at: null })]);
  });

  it("mail_messages is read-only and for administrators", async () => {
    expect((await get("admin@acme.test", "/api/mail_messages")).statusCode).toBe(200);
    expect((await get("staff@acme.test", "/api/mail_messages")).statusCode).toBe(403);
    expect((await post("admin@acme.test", "/api/mail_messages", { to: "x@acme.test", subject: "x", status: "stored" })).statusCode).toBeGreaterThanOrEqual(403);
  });
});

describe("workflow rules", () => {
  it("refuses invalid workflows with per-field 422s", async () => {
    const { contact } = await acme();
    const approver = await contact("approver@acme.test");
    const globex = await h.companyId("Globex Ltd");
    const foreign = await h.database.db.selectFrom("contacts").select("id").where("company_id", "=", globex).where("contact_type", "=", "COMPANY").executeTakeFirstOrThrow();
    const response = await post("admin@acme.test", "/api/workflows", {
      name: "Broken", workflow_type: "Vendor", steps: [
        { order: 1, trigger: "AMOUNT", approver_type: "USER", approver_ids: [approver] },
        { order: 2, trigger: "DEPARTMENT", approver_type: "USER", approver_ids: [foreign.id] },
        { order: 2, trigger: "APPROVER_AMOUNT", min_amount: "10.00", max_amount: "5.00", approver_type: "TEAM", approver_ids: [] },
      ],
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors["steps.0.min_amount"][0]).toMatch(/needs a minimum or a maximum/);
    expect(errors["steps.1.names"][0]).toMatch(/DEPARTMENT step needs/);
    expect(errors["steps.1.approver_ids"][0]).toMatch(/company contacts not found/);
    expect(errors["steps.2.order"]).toEqual(["is used by another step"]);
    expect(errors["steps.2.max_amount"][0]).toMatch(/greater than or equal/);
    expect(errors["steps.2.approver_ids"]).toEqual(["choose at least one approver"]);
    expect(await h.database.db.selectFrom("workflows").select("id").where("name", "=", "Broken").execute()).toEqual([]);
  });
});
