/**
 * Who hears about an approval chain: when approval rows become actionable (the chain starts, or a
 * step is done and the next one opens) each approver's login gets an in-app notification (kind
 * "approval") and an e-mail; when a chain ends by an approver's act, the requester who started it
 * gets "approved" or "rejected". Notification rows are written in the caller's transaction, mail is
 * queued for after its commit.
 */
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";
import { approvableColumns } from "./approvals.js";
import { approvalPath, recordPath } from "./screens.js";

const labels: Readonly<Record<string, string>> = {
  Invoice: "Invoice", PurchaseOrder: "Purchase order", Payment: "Payment", CreditMemo: "Credit memo", ExpenseReport: "Expense report",
  PaymentRun: "Payment run", Vendor: "Vendor", VirtualCard: "Virtual card", Purchase: "Card purchase",
};

/** "Invoice INV-123" */
export function recordLabel(type: string, record: Row): string {
  const field = approvableColumns(type)?.number;
  const number = field ? record[field] : null;
  return `${labels[type] ?? type} ${number == null || number === "" ? `#${String(record.id)}` : String(number)}`;
}

interface Login { id: number; email: string }

/** The logins of these contacts (a contact without a login is not told). */
async function loginsOfContacts(trx: DB, companyId: number, contactIds: readonly number[]): Promise<Login[]> {
  if (contactIds.length === 0) return [];
  return (await trx.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id").select(["u.id", "u.email"])
    .where("c.company_id", "=", companyId).where("c.id", "in", [...contactIds]).execute());
}

async function loginsOfUsers(trx: DB, userIds: readonly number[]): Promise<Login[]> {
  if (userIds.length === 0) return [];
  return (await trx.selectFrom("users").select(["id", "email"]).where("id", "in", [...userIds]).execute());
}

/** The approvers of one approval row: its contact, or every member of its team. */
async function approversOf(trx: DB, companyId: number, approval: Row): Promise<Login[]> {
  if (approval.contact_id != null) return loginsOfContacts(trx, companyId, [approval.contact_id as number]);
  if (approval.team_id == null) return [];
  const members = await trx.selectFrom("team_members").select("contact_id").where("company_id", "=", companyId)
    .where("team_id", "=", approval.team_id as number).execute();
  return loginsOfContacts(trx, companyId, members.map((m) => m.contact_id));
}

async function tell(trx: DB, ctx: Ctx, login: Login, kind: string, title: string, body: string, link: string | null, related: { type: string; id: number }): Promise<void> {
  await trx.insertInto("notifications").values({ company_id: ctx.company.id, user_id: login.id, kind, title, body, link }).execute();
  queueMail(ctx, { to: login.email, subject: title, text: link ? `${body}\n\n${config.appUrl}${link}` : body, related });
}

/** The approvers of these newly actionable rows are asked to act (one notification per login). */
export async function askApprovers(trx: DB, ctx: Ctx, type: string, record: Row, rows: readonly Row[]): Promise<void> {
  const title = `${recordLabel(type, record)} awaits your approval`;
  const told = new Set<number>();
  for (const row of rows) {
    for (const login of await approversOf(trx, ctx.company.id, row)) {
      if (told.has(login.id)) continue;
      told.add(login.id);
      const link = approvalPath(type, record.id as number, row.id as number);
      await tell(trx, ctx, login, "approval", title, `${title} (step ${String(row.step)}).`, link, { type, id: record.id as number });
    }
  }
}

/** The requesters (who started the chain; the record's submitter) hear how it ended. */
export async function tellRequesters(trx: DB, ctx: Ctx, type: string, record: Row, outcome: "approved" | "rejected", requesterIds: readonly number[], comment: string | null): Promise<void> {
  const title = `${recordLabel(type, record)} was ${outcome}`;
  const body = comment ? `${title}: ${comment}` : `${title}.`;
  const link = recordPath(type, record.id as number);
  for (const login of await loginsOfUsers(trx, [...new Set(requesterIds)])) {
    await tell(trx, ctx, login, outcome, title, body, link, { type, id: record.id as number });
  }
}
