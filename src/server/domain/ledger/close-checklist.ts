/**
 * The close checklist of a posting period (docs/ledger.md): what should be settled before the period
 * is closed, dated in it or before — invoices not yet approved, submitted receipts no invoice matches,
 * accruals posted and still to reverse, payment runs not yet closed — and whether its open foreign
 * balances were revalued. Counts for programs, and the documents named for people.
 */
import { sql } from "kysely";
import type { DB } from "../../db/connect.js";
import type { PeriodRow } from "./periods.js";

export interface CloseChecklist {
  unapproved_invoices_count: number;
  unapproved_invoices: string;
  unmatched_receipts_count: number;
  unmatched_receipts: string;
  accruals_to_reverse_count: number;
  accruals_to_reverse: string;
  open_payment_runs_count: number;
  open_payment_runs: string;
  revalued_on: string | null;
  ready_to_close: boolean;
}

const unapprovedInvoiceStatuses = ["DRAFT", "NEW", "PENDING"];
const openRunStatuses = ["NEW", "SUBMITTED", "PENDING", "APPROVED", "OPEN"];
/** at most this many documents named per line: the counts say how many there are */
const named = 20;

const names = (rows: readonly { label: string }[], count: number) =>
  count === 0 ? "None" : rows.map((r) => r.label).join(", ") + (count > rows.length ? ` and ${count - rows.length} more` : "");

export async function closeChecklist(db: DB, companyId: number, period: PeriodRow & { revalued_on?: unknown }): Promise<CloseChecklist> {
  const end = period.end_date;
  const invoices = db.selectFrom("invoices as i").leftJoin("vendors as v", "v.id", "i.vendor_id")
    .where("i.company_id", "=", companyId).where("i.status", "in", unapprovedInvoiceStatuses).where("i.date", "<=", end);
  const receipts = db.selectFrom("receipts as r").where("r.company_id", "=", companyId).where("r.status", "=", "SUBMITTED")
    .where("r.invoice_id", "is", null).where("r.is_return", "=", false).where("r.received_date", "<=", end);
  const accruals = db.selectFrom("accruals as a").where("a.company_id", "=", companyId).where("a.status", "=", "OPEN")
    .where("a.posted_on", "is not", null).where("a.reversed_on", "is", null).where("a.posted_on", "<=", end);
  const runs = db.selectFrom("payment_runs as p").where("p.company_id", "=", companyId).where("p.status", "in", openRunStatuses).where("p.payment_date", "<=", end);

  const [invoiceRows, invoiceCount, receiptRows, receiptCount, accrualRows, accrualCount, runRows, runCount] = await Promise.all([
    invoices.select(sql<string>`i.number || ' (' || coalesce(v.name, 'no vendor') || ', ' || i.status || ')'`.as("label"))
      .orderBy("i.date").orderBy("i.id").limit(named).execute(),
    invoices.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    receipts.select(sql<string>`r.number || ' (' || r.received_date::text || ')'`.as("label")).orderBy("r.received_date").orderBy("r.id").limit(named).execute(),
    receipts.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    accruals.select(sql<string>`a.number || ' (posted ' || a.posted_on::text || ')'`.as("label")).orderBy("a.posted_on").orderBy("a.id").limit(named).execute(),
    accruals.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    runs.select(sql<string>`p.number || ' (' || p.status || ')'`.as("label")).orderBy("p.payment_date").orderBy("p.id").limit(named).execute(),
    runs.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const counts = [invoiceCount, receiptCount, accrualCount, runCount].map((c) => Number(c.n));
  return {
    unapproved_invoices_count: counts[0], unapproved_invoices: names(invoiceRows, counts[0]),
    unmatched_receipts_count: counts[1], unmatched_receipts: names(receiptRows, counts[1]),
    accruals_to_reverse_count: counts[2], accruals_to_reverse: names(accrualRows, counts[2]),
    open_payment_runs_count: counts[3], open_payment_runs: names(runRows, counts[3]),
    revalued_on: period.revalued_on ? String(period.revalued_on) : null,
    ready_to_close: counts.every((n) => n === 0),
  };
}
