/**
 * Duplicate invoices (issue 30 item 4, docs/payables.md).
 *
 * - Same number: the number is compared normalized (`normalizeInvoiceNumber`, the rule of the
 *   generated column invoices.normalized_number, migration 0056): one invoice per vendor and normalized
 *   number among invoices not REJECTED, kept by a unique index. `refuseDuplicateNumber` checks it
 *   first under a transaction lock on (company, vendor, number), so that of two simultaneous entries
 *   the second waits, sees the first and gets a 422 naming it; the index is the wall behind it.
 * - Look-alikes: same vendor, amount within 1 %, date within 30 days; or the same normalized number at
 *   another vendor with the same amount. The invoice is flagged `suspected_duplicate`, which holds its
 *   approval and its payment until someone other than its creator overrides it with a reason (audited).
 */
import { sql } from "kysely";
import invoices from "../../../../resources/invoices.js";
import type { DB } from "../../db/connect.js";
import { forbidden, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { audit } from "../../resources/write.js";

/** The same rule as the generated column (lower case, letters and digits, no INV/INVOICE prefix, no leading zeros). */
export function normalizeInvoiceNumber(number: string): string {
  const lower = number.toLowerCase();
  const normalized = lower.replace(/[^a-z0-9]+/g, "").replace(/^(invoice|inv)/, "").replace(/^0+([0-9])/, "$1");
  return normalized === "" ? lower : normalized;
}

/** Statuses that take an invoice out of the duplicate rules (an invoice has no VOID). */
const outOfBooks = ["REJECTED"];

/**
 * 422 on `number` naming the invoice already entered for this vendor under the same normalized number.
 * Serialised per (company, vendor, normalized number) by an advisory lock held to the transaction's end.
 */
export async function refuseDuplicateNumber(trx: DB, ctx: Ctx, data: Row, existingId?: number): Promise<void> {
  if (outOfBooks.includes(String(data.status)) || data.vendor_id == null || data.number == null) return;
  const normalized = normalizeInvoiceNumber(String(data.number));
  await sql`select pg_advisory_xact_lock(hashtextextended(${`invoice-number:${ctx.company.id}:${String(data.vendor_id)}:${normalized}`}, 0))`.execute(trx);
  let query = trx.selectFrom("invoices").select(["id", "number", "date", "amount"]).where("company_id", "=", ctx.company.id)
    .where("vendor_id", "=", data.vendor_id as number).where("normalized_number", "=", normalized).where("status", "not in", outOfBooks);
  if (existingId !== undefined) query = query.where("id", "<>", existingId);
  const first = await query.orderBy("id").executeTakeFirst();
  if (first) {
    throw unprocessable({ number: [`duplicates invoice ${String(first.number)} (id ${first.id}, ${String(first.date)}, ${String(first.amount)}) already entered for this vendor`] });
  }
}

export interface LookAlike { id: number; number: string; vendor_id: number; vendor_name: string; date: string; amount: string; reason: string }

/** The invoice's look-alikes among the company's invoices not rejected (itself excluded). */
export async function lookAlikesOf(db: DB, companyId: number, invoice: Row): Promise<LookAlike[]> {
  const amount = String(invoice.amount);
  const rows = await sql<Row>`
    select i.id, i.number, i.vendor_id, v.name as vendor_name, i.date::text as date, i.amount::text as amount,
      case when i.vendor_id = ${invoice.vendor_id as number} then 'same vendor, amount within 1 % and date within 30 days'
           else 'same number at another vendor, same amount' end as reason
    from invoices i join vendors v on v.id = i.vendor_id
    where i.company_id = ${companyId} and i.id <> ${invoice.id as number} and i.status <> 'REJECTED'
      and ((i.vendor_id = ${invoice.vendor_id as number} and abs(i.amount - ${amount}::numeric) <= 0.01 * ${amount}::numeric
            and abs(i.date - ${String(invoice.date)}::date) <= 30)
        or (i.vendor_id <> ${invoice.vendor_id as number} and i.normalized_number = ${normalizeInvoiceNumber(String(invoice.number))} and i.amount = ${amount}::numeric))
    order by i.id limit 20`.execute(db);
  return rows.rows.map((r) => ({ ...r, id: Number(r.id), vendor_id: Number(r.vendor_id) }) as unknown as LookAlike);
}

/** Whether the company holds suspected duplicates (its setting, on unless switched off). */
export const holdsDuplicates = (ctx: Pick<Ctx, "company">): boolean => ctx.company.hold_suspected_duplicates !== false;

/** Whether the invoice, looked at afresh, is held as a suspected duplicate (not overridden, look-alikes exist). */
export async function heldAsDuplicate(trx: DB, ctx: Ctx, invoice: Row): Promise<boolean> {
  if (!holdsDuplicates(ctx) || invoice.duplicate_overridden_at != null || invoice.status === "REJECTED") return false;
  return (await lookAlikesOf(trx, ctx.company.id, invoice)).length > 0;
}

/** Flag (or clear) the written invoice as a suspected duplicate; once overridden it stays let through. */
export async function flagSuspectedDuplicate(trx: DB, ctx: Ctx, invoice: Row): Promise<void> {
  if (!holdsDuplicates(ctx) || invoice.duplicate_overridden_at != null) return;
  const suspected = invoice.status !== "REJECTED" && (await lookAlikesOf(trx, ctx.company.id, invoice)).length > 0;
  if (suspected === invoice.suspected_duplicate) return;
  await trx.updateTable("invoices").set({ suspected_duplicate: suspected }).where("id", "=", invoice.id as number).execute();
}

/** POST /api/invoices/{id}/override_duplicate: someone other than the invoice's creator lets it through, with a reason (audited). */
export async function overrideSuspectedDuplicate(trx: DB, ctx: Ctx, invoice: Row, reason: string): Promise<void> {
  if (invoice.created_by_id === ctx.user.id) {
    throw forbidden("Segregation of duties: you entered this invoice, so someone else must override its duplicate warning.");
  }
  const at = new Date();
  await trx.updateTable("invoices").set({ suspected_duplicate: false, duplicate_override_reason: reason, duplicate_overridden_by_id: ctx.user.id, duplicate_overridden_at: at, updated_at: at })
    .where("id", "=", invoice.id as number).execute();
  await audit(trx, ctx, "update", invoices, invoice.id as number, {
    suspected_duplicate: [true, false], duplicate_override_reason: [null, reason], duplicate_overridden_by_id: [null, ctx.user.id],
  });
}
