/**
 * How money settling an invoice moves its server-kept balances, one rule for every settlement
 * (a processed payment, an applied vendor credit):
 * - payments_sum grows and balance_outstanding shrinks by the amount;
 * - outstanding_balance_pending shrinks too, unless the amount was already reserved (a payment run
 *   lowered it when the run was created);
 * - status: PAID once nothing is outstanding, else an APPROVED invoice becomes OPEN (spec glossary:
 *   an approved invoice with payments is OPEN).
 * The caller has locked the invoice FOR UPDATE in the same transaction.
 */
import { money, round } from "../../framework/money.js";
import invoices from "../../../resources/invoices.js";
import type { DB } from "../db/connect.js";
import type { Ctx, Row } from "../resources/context.js";
import { audit } from "../resources/write.js";

/** The invoice's new balances and status after `amount` settles it. */
export function settledBalances(invoice: Row, amount: string, reserved: boolean): Row {
  const outstanding = money(String(invoice.balance_outstanding)).minus(amount);
  const pending = reserved ? money(String(invoice.outstanding_balance_pending)) : money(String(invoice.outstanding_balance_pending)).minus(amount);
  if (outstanding.isNegative() || pending.isNegative()) throw new Error(`invoice ${String(invoice.number)}: settling ${amount} would leave a negative balance`);
  const status = outstanding.isZero() ? "PAID" : invoice.status === "APPROVED" ? "OPEN" : String(invoice.status);
  return {
    payments_sum: round(money(String(invoice.payments_sum)).plus(amount)),
    balance_outstanding: round(outstanding),
    outstanding_balance_pending: round(pending),
    status,
  };
}

/** Apply settledBalances to a locked invoice row, with its audit row; returns the values written. */
export async function settleInvoice(trx: DB, ctx: Ctx, invoice: Row, amount: string, reserved = false): Promise<Row> {
  const values = settledBalances(invoice, amount, reserved);
  await trx.updateTable("invoices").set({ ...values, updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", invoice.id as number).execute();
  await audit(trx, ctx, "update", invoices, invoice.id as number, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [invoice[k] ?? null, v]])));
  return values;
}
