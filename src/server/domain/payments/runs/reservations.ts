/**
 * Reservations: a payment run reserves what it will pay by lowering each invoice's
 * outstanding_balance_pending at once; a rejected, excluded or deleted row gives it back.
 */
import { sql } from "kysely";
import { money } from "../../../../framework/money.js";
import type { DB } from "../../../db/connect.js";
import { updateFromValues } from "../../../db/bulk.js";

export interface Reserved {
  invoice_id: number;
  amount: string;
}

/** Sum amounts per invoice so that each invoice row is updated once. */
function perInvoice(rows: readonly Reserved[]): { id: number; amount: string }[] {
  const totals = new Map<number, ReturnType<typeof money>>();
  for (const r of rows) totals.set(r.invoice_id, (totals.get(r.invoice_id) ?? money(0)).plus(r.amount));
  return [...totals].map(([id, amount]) => ({ id, amount: amount.toFixed(2) }));
}

/** Lower the pending balances (the caller has locked the invoices and checked the amounts). */
export async function reserve(trx: DB, companyId: number, rows: readonly Reserved[]): Promise<void> {
  await updateFromValues(trx, "invoices", companyId, perInvoice(rows), { amount: "numeric" }, sql`outstanding_balance_pending = t.outstanding_balance_pending - v.amount`);
}

/** Give the amounts back to the pending balances. */
export async function release(trx: DB, companyId: number, rows: readonly Reserved[]): Promise<void> {
  await updateFromValues(trx, "invoices", companyId, perInvoice(rows), { amount: "numeric" }, sql`outstanding_balance_pending = t.outstanding_balance_pending + v.amount`);
}
