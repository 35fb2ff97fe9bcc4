/**
 * Demo approval chains, made by the approval engine itself so that rows and statuses agree with the
 * company's workflows: every record waiting in its pending status gets its chain (re)started, as if
 * submitted by the AP clerk (ap@acme.test; a company without one: no login); a type with no record
 * waiting gets its first submittable one submitted. Half of the invoices
 * with a second step (≥ 10,000 in Acme) already have their first step approved by its approver.
 * Runs (from adminSeed) once the workflows and teams exist, before the ledger posts approved invoices;
 * the payment-run chains are seeded with the runs.
 * The mail of these chains is stored in mail_messages, never sent (even with SMTP_URL set).
 */
import { tableOf } from "../../framework/resource.js";
import { keysOfRole } from "../../framework/roles.js";
import { resources } from "../../../resources/index.js";
import { type DB, untyped } from "../db/connect.js";
import { startChain } from "../domain/approvals/engine.js";
import { askApprovers } from "../domain/approvals/notices.js";
import { approvalsInstalled, engineOf, installApprovals } from "../domain/approvals/approvables/index.js";
import { serverModules } from "../domain/modules.js";
import { deliverMail } from "../mail/deliver.js";
import { storeOnly } from "../mail/transport.js";
import type { Ctx, Row } from "../resources/context.js";
import type { SeedContext } from "./entities.js";

const seededTypes = ["Invoice", "PurchaseOrder", "Payment", "CreditMemo", "ExpenseReport", "Vendor", "VirtualCard", "Purchase", "Accrual"] as const;

async function clerkCtx(db: DB, context: SeedContext): Promise<Ctx> {
  const company = await db.selectFrom("companies").selectAll().where("id", "=", context.companyId).executeTakeFirstOrThrow();
  const userId = context.users.get("ap@acme.test");
  const contactId = userId !== undefined ? context.contactIds.get("ap@acme.test") : undefined;
  return {
    db,
    // no clerk login: the chains have no submitter (nobody is barred from approving by segregation of duties)
    user: { id: userId ?? (null as unknown as number), email: "ap@acme.test", name: "AP" },
    contact: { id: contactId ?? (null as unknown as number), role: "ap_role", language: "en", vendor_id: null },
    company,
    principal: { perm_resources: keysOfRole("ap_role"), module_settings: (company.module_settings as Record<string, boolean> | null) ?? {} },
    // the seed is its own unit of work: it writes the queued mail itself and keeps it in the app (storeOnly)
    unit: { db, beforeCommit: [], afterCommit: [] },
  };
}

/** Approve step 1 of half the two-step invoice chains, opening step 2. */
async function advanceSomeInvoices(db: DB, ctx: Ctx, chains: Map<number, Row[]>, invoices: Row[]): Promise<void> {
  let n = 0;
  for (const invoice of invoices) {
    const rows = chains.get(invoice.id as number) ?? [];
    const first = rows.filter((r) => r.step === 1);
    const later = rows.filter((r) => (r.step as number) > 1);
    if (first.length !== 1 || first[0].contact_id == null || later.length === 0 || n++ % 2 === 1) continue;
    await db.updateTable("approvals").set({ aasm_state: "approved", acted_at: new Date(), acted_by_contact_id: first[0].contact_id as number, comment: "Checked against the contract." })
      .where("id", "=", first[0].id as number).execute();
    const next = Math.min(...later.map((r) => r.step as number));
    await askApprovers(db, ctx, "Invoice", invoice, later.filter((r) => r.step === next));
  }
}

export async function seedApprovalChains(db: DB, context: SeedContext): Promise<void> {
  // the seed may run before any app is built (npm run setup, the tests' template database)
  if (!approvalsInstalled()) installApprovals(resources, serverModules);
  const ctx = await clerkCtx(db, context);
  for (const type of seededTypes) {
    const engine = engineOf(type);
    const inStatus = async (statuses: readonly string[]) => ((await untyped(db).selectFrom(tableOf(engine.def)).selectAll()
      .where("company_id", "=", context.companyId).where("status", "in", [...statuses]).orderBy("id").execute()) as Row[])
      .filter((r) => engine.owns?.(r) ?? true);
    let records = await inStatus([engine.pendingStatus]);
    // none waiting (e.g. no PENDING vendor): submit the first submittable one, so every type has one
    if (records.length === 0) records = (await inStatus(resources.find((r) => r.approvable?.type === type)!.approvable!.submittable)).slice(0, 1);
    const chains = new Map<number, Row[]>();
    for (const record of records) chains.set(record.id as number, await startChain(db, ctx, type, record));
    if (type === "Invoice") await advanceSomeInvoices(db, ctx, chains, records);
  }
  for (const writeOutbox of ctx.unit!.beforeCommit) await writeOutbox(db);
  const ids = (await db.selectFrom("mail_messages").select("id").where("company_id", "=", context.companyId).where("status", "=", "pending").execute()).map((m) => m.id);
  await deliverMail(db, { ids, transport: storeOnly() });
}
