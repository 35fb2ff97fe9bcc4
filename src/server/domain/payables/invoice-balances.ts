/**
 * How money settling an invoice moves its server-kept balances, one rule for every settlement
 * (a processed payment, an applied vendor credit):
 * - payments_sum grows and balance_outstanding shrinks by the amount;
 * - outstanding_balance_pending shrinks too, unless the amount was already reserved (a payment run
 *   lowered it when the run was created);
 * - status: PAID once nothing is outstanding, else an APPROVED invoice becomes OPEN (spec glossary:
 *   an approved invoice with payments is OPEN).
 * The caller has locked the invoice FOR UPDATE in the same transaction.
 * And the reverse (reopenedBalances): a sent payment failed, was voided or refunded, or a scheduled
 * one was dropped — moveInvoiceBalances applies either to the invoices of a payment's links.
 */
import type Decimal from "decimal.js";
import { money, round } from "../../../framework/money.js";
import { conflict } from "../../errors.js";
import invoices from "../../../../resources/invoices.js";
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";
import { audit } from "../../resources/write.js";

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

async function writeBalances(trx: DB, ctx: Ctx, invoice: Row, values: Row): Promise<void> {
  await trx.updateTable("invoices").set({ ...values, updated_at: new Date() })
    .where("company_id", "=", ctx.company.id).where("id", "=", invoice.id as number).execute();
  await audit(trx, ctx, "update", invoices, invoice.id as number, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [invoice[k] ?? null, v]])));
}

/** Apply settledBalances to a locked invoice row, with its audit row; returns the values written. */
export async function settleInvoice(trx: DB, ctx: Ctx, invoice: Row, amount: string, reserved = false): Promise<Row> {
  const values = settledBalances(invoice, amount, reserved);
  await writeBalances(trx, ctx, invoice, values);
  return values;
}

/**
 * The invoice's balances after `amount` comes back to it: `settled` money (a payment that went out
 * failed, was voided or refunded: payments_sum down, balance_outstanding and the pending balance up),
 * or `reserved` money (a scheduled payment dropped: only the pending balance up). An invoice that
 * was approved, open, paid or closed takes its status from what is still paid: nothing → APPROVED,
 * part → OPEN, all → PAID.
 */
export function reopenedBalances(invoice: Row, amount: string, was: "settled" | "reserved"): Row {
  const paidBack = was === "settled" ? money(amount) : money(0);
  const paymentsSum = money(String(invoice.payments_sum)).minus(paidBack);
  const outstanding = money(String(invoice.balance_outstanding)).plus(paidBack);
  if (paymentsSum.isNegative()) throw new Error(`invoice ${String(invoice.number)}: reopening ${amount} would leave a negative payments_sum`);
  const follows = ["APPROVED", "OPEN", "PAID", "CLOSED"].includes(String(invoice.status));
  const status = !follows ? String(invoice.status) : paymentsSum.isZero() ? "APPROVED" : outstanding.isZero() ? "PAID" : "OPEN";
  return {
    payments_sum: round(paymentsSum),
    balance_outstanding: round(outstanding),
    outstanding_balance_pending: round(money(String(invoice.outstanding_balance_pending)).plus(amount)),
    status,
  };
}

/**
 * Move the invoices of a payment's links by each one's total: `settle` (a reissue goes out; 409 when
 * an invoice's pending balance no longer covers it), `reopen` (settled money comes back) or `release`
 * (a reservation comes back). The invoices are locked FOR UPDATE in id order; each gets an audit row.
 */
export async function moveInvoiceBalances(trx: DB, ctx: Ctx, links: readonly { invoice_id: number; amount: string }[], move: "settle" | "reopen" | "release"): Promise<void> {
  const byInvoice = new Map<number, Decimal>();
  for (const link of links) byInvoice.set(link.invoice_id, (byInvoice.get(link.invoice_id) ?? money(0)).plus(link.amount));
  if (byInvoice.size === 0) return;
  const locked = (await trx.selectFrom("invoices").select(["id", "number", "status", "payments_sum", "balance_outstanding", "outstanding_balance_pending"])
    .where("company_id", "=", ctx.company.id).where("id", "in", [...byInvoice.keys()]).orderBy("id").forUpdate().execute()) as Row[];
  for (const invoice of locked) {
    const amount = round(byInvoice.get(invoice.id as number)!);
    if (move === "settle" && money(String(invoice.outstanding_balance_pending)).lt(amount)) {
      throw conflict(`The open balance of invoice ${String(invoice.number)} is ${String(invoice.outstanding_balance_pending)}, less than ${amount}`);
    }
    const values = move === "settle" ? settledBalances(invoice, amount, false) : reopenedBalances(invoice, amount, move === "reopen" ? "settled" : "reserved");
    await writeBalances(trx, ctx, invoice, values);
  }
}
