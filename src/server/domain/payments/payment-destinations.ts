/**
 * No money leaves for a destination that awaits (re-)approval: a payment whose payment method is
 * PENDING (its bank details changed: approvables/payment-method.ts; a vendor's or an employee's) or whose vendor is PENDING (new,
 * or its tax or payment data changed) is refused with 409 naming what waits, e.g.
 * "Payment method ACH ••••6789 of Northwind Supplies awaits approval."; a method made INACTIVE (a
 * rejected change, or switched off) is refused too. Checked by processing a payment run and by the
 * payment transitions that send money (reissue).
 */
import { maskAccount } from "./bank.js";
import type { DB } from "../../db/connect.js";
import { conflict } from "../../errors.js";
import type { Ctx } from "../../resources/context.js";
import { anyId } from "./runs/ids.js";
import { paymentsWithPayee } from "./runs/nacha-files.js";

export async function refuseUnapprovedDestinations(trx: DB, ctx: Ctx, paymentIds: readonly number[]): Promise<void> {
  if (paymentIds.length === 0) return;
  // the payee is a vendor or an employee (expense reimbursement; no vendor status)
  const rows = await paymentsWithPayee(trx).select("m.payment_type as method_type").where("p.company_id", "=", ctx.company.id).where(anyId("p.id", paymentIds))
    .where((eb) => eb.or([eb("m.status", "in", ["PENDING", "INACTIVE"]), eb("v.status", "=", "PENDING")]))
    .orderBy("vendor_name").execute();
  const waiting = new Set<string>();
  for (const row of rows) {
    const method = [String(row.method_type).toUpperCase(), maskAccount(row.account_number) ?? row.method_name].filter(Boolean).join(" ");
    if (row.method_status === "PENDING") waiting.add(`Payment method ${method} of ${String(row.vendor_name)} awaits approval.`);
    if (row.method_status === "INACTIVE") waiting.add(`Payment method ${method} of ${String(row.vendor_name)} is INACTIVE.`);
    if (row.vendor_status === "PENDING") waiting.add(`Vendor ${String(row.vendor_name)} awaits approval.`);
  }
  if (waiting.size) throw conflict([...waiting].join(" "));
}
