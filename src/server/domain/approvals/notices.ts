/**
 * Who hears about an approval chain: when approval rows become actionable (the chain starts, or a
 * step is done and the next one opens) each approver's login gets an in-app notification (kind
 * "approval") and an e-mail — once per approver for a batch of records started together; when a chain ends by an approver's act, the requester who started it
 * gets "approved" or "rejected". Notification rows are written in the caller's transaction, mail is
 * queued for after its commit.
 */
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";
import { translator } from "../../locale.js";
import { approvableColumns } from "./approvals.js";
import { engineOf, typeLabelKey } from "./approvables/index.js";
import { approvalListPath, approvalPath, recordPath } from "./screens.js";

/** The type's notice label: its locale label (`approvals.values.approvable_type.<type>`, checked at boot for every declared type). */
const labelOf = (type: string): string => translator("en")(typeLabelKey(engineOf(type).type), type);

/** "Invoice INV-123" */
export function recordLabel(type: string, record: Row): string {
  const field = approvableColumns(type)?.number;
  const number = field ? record[field] : null;
  return `${labelOf(type)} ${number == null || number === "" ? `#${String(record.id)}` : String(number)}`;
}

interface Login { id: number; email: string }

async function loginsOfUsers(trx: DB, userIds: readonly number[]): Promise<Login[]> {
  if (userIds.length === 0) return [];
  return (await trx.selectFrom("users").select(["id", "email"]).where("id", "in", [...userIds]).execute());
}

/** The logins of the approvers of each approval row: its contact, or every member of its team (a contact without a login is not told); two queries for all the rows. */
async function approversOf(trx: DB, companyId: number, approvals: readonly Row[]): Promise<(row: Row) => Login[]> {
  const teamIds = [...new Set(approvals.flatMap((a) => (a.contact_id == null && a.team_id != null ? [a.team_id as number] : [])))];
  const members = teamIds.length === 0 ? [] : await trx.selectFrom("team_members").select(["team_id", "contact_id"])
    .where("company_id", "=", companyId).where("team_id", "in", teamIds).execute();
  const contactIds = [...new Set([...approvals.flatMap((a) => (a.contact_id != null ? [a.contact_id as number] : [])), ...members.map((m) => m.contact_id)])];
  const logins = contactIds.length === 0 ? [] : await trx.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id")
    .select(["c.id as contact_id", "u.id", "u.email"]).where("c.company_id", "=", companyId).where("c.id", "in", contactIds).execute();
  const byContact = new Map(logins.map(({ contact_id, ...login }) => [contact_id, login]));
  const ofContacts = (ids: readonly number[]) => ids.flatMap((id) => byContact.get(id) ?? []);
  return (row) => (row.contact_id != null ? ofContacts([row.contact_id as number])
    : ofContacts(members.filter((m) => m.team_id === row.team_id).map((m) => m.contact_id)));
}

async function tell(trx: DB, ctx: Ctx, login: Login, kind: string, title: string, body: string, link: string | null, related: { type: string; id: number } | undefined): Promise<void> {
  await trx.insertInto("notifications").values({ company_id: ctx.company.id, user_id: login.id, kind, title, body, link }).execute();
  queueMail(ctx, { to: login.email, subject: title, text: link ? `${body}\n\n${config.appUrl}${link}` : body, related });
}

/** The approvers of these newly actionable rows of a record are asked to act (one notification per login). */
export async function askApprovers(trx: DB, ctx: Ctx, type: string, record: Row, rows: readonly Row[]): Promise<void> {
  await askApproversOfMany(trx, ctx, type, [{ record, rows }]);
}

/**
 * The approvers of the newly actionable rows of many records (a batch whose chains started together)
 * are asked ONCE each: about one record as askApprovers does, about several in one notice naming how
 * many ("12 vendors await your approval") with a link to the type's approval list.
 */
export async function askApproversOfMany(trx: DB, ctx: Ctx, type: string, chains: readonly { record: Row; rows: readonly Row[] }[]): Promise<void> {
  const approvers = await approversOf(trx, ctx.company.id, chains.flatMap((c) => c.rows));
  // per login, the first actionable row of each record it approves
  const asks = new Map<number, { login: Login; rows: Map<unknown, { record: Row; row: Row }> }>();
  for (const { record, rows } of chains) {
    for (const row of rows) {
      for (const login of approvers(row)) {
        const ask = asks.get(login.id) ?? asks.set(login.id, { login, rows: new Map() }).get(login.id)!;
        if (!ask.rows.has(record.id)) ask.rows.set(record.id, { record, row });
      }
    }
  }
  for (const { login, rows } of asks.values()) {
    const [{ record, row }] = rows.values();
    if (rows.size === 1) {
      const title = `${recordLabel(type, record)} awaits your approval`;
      await tell(trx, ctx, login, "approval", title, `${title} (step ${String(row.step)}).`, approvalPath(type, record.id as number, row.id as number), { type, id: record.id as number });
    } else {
      const title = `${rows.size} ${labelOf(type).toLowerCase()}s await your approval`;
      await tell(trx, ctx, login, "approval", title, `${title}.`, approvalListPath(type), undefined);
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
