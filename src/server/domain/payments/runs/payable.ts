/**
 * What a pay-bills run would really pay, as ONE rule in SQL: an invoice APPROVED or OPEN (PAYABLE),
 * not on hold, with a pending balance (at least 0.01) and a vendor payment method to pay it by
 * (`defaultMethod`: a row of bulk 'all' mode is paid in full by that method). `payable=now` on
 * GET /api/invoices_pay_bills and its /stats applies it, so the 'all matching' totals and the rows
 * the run is built from are the same invoices; the decorated `is_payable_now` marks a page's rows by it.
 */
import { sql } from "kysely";
import { minimumPayment } from "../../../../framework/money.js";
import { expandStatuses, QueryError } from "../../../resources/grammar.js";
import invoices from "../../../../../resources/invoices.js";
import type { Ctx, Row } from "../../../resources/context.js";
import type { Select } from "../../../resources/query.js";
import { anyId } from "./ids.js";

const payableStatuses = expandStatuses(invoices, ["PAYABLE"]);

/**
 * The method a payment uses unless another is chosen, among the owner's ACTIVE methods (a vendor's
 * methods, or the company's originating accounts): the default one, else the only one (nothing to
 * choose between; the pay-bills grid shows it so too). The SQL of `payableNow` below says the same
 * for vendors.
 */
export function defaultMethod<T extends Row>(activeMethods: readonly T[]): T | undefined {
  return activeMethods.find((m) => m.is_default === true) ?? (activeMethods.length === 1 ? activeMethods[0] : undefined);
}

/** Each vendor's `defaultMethod` among its ACTIVE methods (vendor-owned rows), and how many it has. */
export function vendorDefaults<T extends Row>(activeVendorMethods: readonly T[], vendorIds: readonly number[]): Map<number, { method: T | undefined; count: number }> {
  const byVendor = new Map<number, T[]>();
  for (const m of activeVendorMethods) byVendor.set(m.vendor_id as number, [...(byVendor.get(m.vendor_id as number) ?? []), m]);
  return new Map(vendorIds.map((id) => {
    const own = byVendor.get(id) ?? [];
    return [id, { method: defaultMethod(own), count: own.length }];
  }));
}

/** The rule on invoices aliased `t`. */
function payableNow(qb: Select, ctx: Ctx): Select {
  const activeMethods = (alias: string) => ctx.db.selectFrom(`payment_methods as ${alias}`).select(sql.lit(1).as("one"))
    .where(`${alias}.company_id`, "=", ctx.company.id).whereRef(`${alias}.vendor_id`, "=", "t.vendor_id").where(`${alias}.owner_type`, "=", "Vendor")
    .where(`${alias}.status`, "=", "ACTIVE");
  return qb.where("t.status", "in", payableStatuses).where(sql<boolean>`coalesce(t.is_on_hold, false)`, "=", false).where("t.has_open_exceptions", "=", false)
    // a suspected duplicate waits for its override (flagged only where the company holds them: payables/invoice-numbers.ts)
    .where("t.suspected_duplicate", "=", false)
    .where("t.outstanding_balance_pending", ">=", minimumPayment)
    // defaultMethod: an active default method, or exactly one active method
    .where(({ exists, or, selectFrom }) => or([
      exists(activeMethods("m").where("m.is_default", "=", true)),
      sql<boolean>`(${selectFrom(activeMethods("m").as("only")).select(sql<number>`count(*)`.as("n"))}) = 1`,
    ]));
}

/** The list parameter `payable=now`. */
export function payableParam(qb: Select, value: string, ctx: Ctx): Select {
  if (value !== "now") throw new QueryError("payable", "payable must be now");
  return payableNow(qb, ctx);
}

/** Mark each row `is_payable_now` by the same rule (one query for the page). */
export async function markPayableNow(rows: Row[], ctx: Ctx): Promise<void> {
  const ids = rows.map((r) => r.id as number);
  const payable = ids.length === 0 ? [] : await payableNow(ctx.db.selectFrom("invoices as t").select("t.id")
    .where("t.company_id", "=", ctx.company.id).where(anyId("t.id", ids)), ctx).execute();
  const found = new Set(payable.map((r) => r.id as number));
  for (const row of rows) row.is_payable_now = found.has(row.id as number);
}
