/**
 * Vendor credits in a run: each `credits.N` application is checked when the run is planned — an
 * AVAILABLE credit of the company, of the invoice's vendor and currency, for an invoice the run pays,
 * within what the credit has left once the other unprocessed runs' applications are counted, and
 * within the invoice's pending balance together with the run's own amount. The run reserves it with
 * the row; processing applies it (credits.ts applyCredit, `reserved`).
 */
import { sql } from "kysely";
import { money, round } from "../../../../framework/money.js";
import type { DB } from "../../../db/connect.js";
import type { FieldErrors } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { anyId } from "./ids.js";
import { addError, type RequestedCredit } from "./request.js";

export interface ItemCredit {
  credit_id: number;
  payment_number: string;
  amount: string;
}

/** What the run's planned rows need to know to take credits. */
export interface CreditTarget {
  invoice_id: number;
  vendor_id: number;
  currency_code: string;
  amount: string;
  pending: string;
  credits: ItemCredit[];
  credit_amount: string;
}

/** Credit amounts already promised to rows of runs not yet processed (they hold a reservation). */
async function promised(db: DB, companyId: number, creditIds: number[]): Promise<Map<number, string>> {
  const rows = await sql<{ credit_id: number; amount: string }>`
    select (c->>'credit_id')::int as credit_id, sum((c->>'amount')::numeric)::text as amount
    from payment_run_items i cross join lateral jsonb_array_elements(i.credits) c
    where i.company_id = ${companyId} and i.excluded = false and i.status in ('NEW', 'APPROVED')
      and (c->>'credit_id')::int = any(${sql.val(creditIds)}::int[])
    group by 1`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.credit_id), String(r.amount)]));
}

export async function planCredits(db: DB, ctx: Ctx, requested: readonly RequestedCredit[], targets: ReadonlyMap<number, CreditTarget>, errors: FieldErrors, lock: boolean): Promise<void> {
  if (requested.length === 0) return;
  const ids = [...new Set(requested.map((c) => c.credit_id))];
  let query = db.selectFrom("payments").select(["id", "payment_number", "vendor_id", "currency_code", "status", "balance"])
    .where("company_id", "=", ctx.company.id).where("record_type", "=", "CREDIT").where(anyId("id", ids)).orderBy("id");
  if (lock) query = query.forNoKeyUpdate();
  const credits = new Map(((await query.execute()) as Row[]).map((c) => [c.id as number, c]));
  const taken = await promised(db, ctx.company.id, ids);
  for (const application of requested) {
    const at = (field: string) => `credits.${application.index}.${field}`;
    const credit = credits.get(application.credit_id);
    const target = targets.get(application.invoice_id);
    if (!credit) addError(errors, at("credit_id"), "is not a vendor credit of this company");
    else if (credit.status !== "AVAILABLE") addError(errors, at("credit_id"), `is ${String(credit.status)}: only an AVAILABLE credit can be applied`);
    if (!target) addError(errors, at("invoice_id"), "must be an invoice this run pays");
    if (!credit || credit.status !== "AVAILABLE" || !target) continue;
    if (credit.vendor_id !== target.vendor_id) addError(errors, at("credit_id"), "belongs to another vendor than the invoice");
    else if (credit.currency_code !== target.currency_code) addError(errors, at("credit_id"), `is in ${String(credit.currency_code)}, the invoice in ${target.currency_code}`);
    else {
      const left = money(String(credit.balance)).minus(taken.get(application.credit_id) ?? 0);
      const room = money(target.pending).minus(target.amount).minus(target.credit_amount);
      if (money(application.amount).gt(left)) addError(errors, at("amount"), `cannot be more than the credit's available balance (${round(left.isNegative() ? 0 : left)})`);
      else if (money(application.amount).gt(room)) addError(errors, at("amount"), `with the row's amount, cannot be more than the invoice's pending balance (${round(target.pending)})`);
      else {
        taken.set(application.credit_id, round(money(taken.get(application.credit_id) ?? 0).plus(application.amount)));
        target.credits.push({ credit_id: application.credit_id, payment_number: String(credit.payment_number), amount: application.amount });
        target.credit_amount = round(money(target.credit_amount).plus(application.amount));
      }
    }
  }
}
