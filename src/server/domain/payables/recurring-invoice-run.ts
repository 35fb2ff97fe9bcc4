/**
 * The scheduled run of recurring-invoice templates: every ACTIVE template whose next_date has come
 * yields one NEW invoice dated next_date, and next_date advances by the frequency (past end_date it
 * becomes null: the schedule is done). Transaction contract: one transaction per invoice, which
 * claims the template row with FOR UPDATE SKIP LOCKED, inserts the invoice and its audit row, and
 * advances next_date — so two server processes on one PostgreSQL never issue the same period twice
 * (the second skips the locked row, and once the first commits the row is no longer due), and a
 * failure leaves the template due for the next run. A template several periods behind catches up
 * one invoice per period.
 */
import dayjs from "dayjs";
import type { DB } from "../../db/connect.js";
import { issueNumbers } from "../ledger/numbers.js";
import { rateOn } from "../ledger/exchange-rates.js";
import { inTransaction } from "../../db/unit-of-work.js";

const monthsOf: Readonly<Record<string, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The first date of the schedule after `current`, counted from start_date so month ends do not drift. */
export function followingDate(start: string, current: string, frequency: string): string {
  const step = monthsOf[frequency] ?? 1;
  for (let k = 1; ; k++) {
    const date = dayjs(start).add(k * step, "month").format("YYYY-MM-DD");
    if (date > current) return date;
  }
}

/** Issue the invoice of one due template, if any is left unclaimed; returns its id, or undefined when none is due. */
async function runOne(db: DB, today: string): Promise<number | undefined> {
  return inTransaction({ db }, async (trx) => {
    const template = await trx.selectFrom("recurring_invoices").selectAll()
      .where("status", "=", "ACTIVE").where("next_date", "<=", today)
      .orderBy("next_date").orderBy("id").limit(1).forUpdate().skipLocked().executeTakeFirst();
    if (!template) return undefined;
    const date = String(template.next_date);
    const companyId = template.company_id;
    const end = template.end_date ? String(template.end_date) : null;
    const next = followingDate(String(template.start_date), date, String(template.frequency));
    // the invoice's rate at its date, as every invoice's (ledger/exchange-rates.ts); none: this run fails and the template stays due
    const rate = await rateOn(trx, companyId, String(template.currency_code), date);
    if (rate === null) throw new Error(`Recurring invoice ${template.id}: no ${String(template.currency_code)} exchange rate on or before ${date}`);
    const number = template.number_prefix ? `${String(template.number_prefix)}-${date}` : (await issueNumbers(trx, "invoices", "number", companyId, "REC", 1))[0];
    const invoice = {
      company_id: companyId,
      number,
      vendor_id: template.vendor_id,
      subsidiary_id: template.subsidiary_id,
      date,
      due_date: dayjs(date).add(Number(template.due_days ?? 30), "day").format("YYYY-MM-DD"),
      amount: template.amount,
      currency_code: template.currency_code,
      exchange_rate: rate,
      term_code: template.term_code,
      description: template.description,
      department: template.department,
      debit_entries: JSON.stringify(template.debit_entries ?? []),
      status: "NEW",
      payments_sum: "0",
      balance_outstanding: template.amount,
      outstanding_balance_pending: template.amount,
    };
    const { id } = await trx.insertInto("invoices").values(invoice).returning("id").executeTakeFirstOrThrow();
    await trx.updateTable("recurring_invoices").set({ next_date: end && next > end ? null : next, updated_at: new Date() })
      .where("id", "=", template.id).execute();
    await trx.insertInto("activities").values({
      company_id: companyId, event: "create", item_type: "invoices", item_id: id, user_id: null,
      changes: JSON.stringify({ ...invoice, debit_entries: template.debit_entries, recurring_invoice_id: template.id }),
    }).execute();
    return id;
  });
}

/** Issue every due invoice up to `today` (YYYY-MM-DD); returns the ids of the invoices this caller issued. */
export async function runRecurringInvoices(db: DB, today: string = dayjs().format("YYYY-MM-DD")): Promise<number[]> {
  const issued: number[] = [];
  for (let id = await runOne(db, today); id !== undefined; id = await runOne(db, today)) issued.push(id);
  return issued;
}
