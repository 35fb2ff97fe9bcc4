/** What lists show about runs and payable invoices beyond their columns. */
import { currencyOf } from "../../../../framework/money.js";
import { expandStatuses } from "../../../resources/grammar.js";
import paymentRuns from "../../../../../resources/payment_runs.js";
import type { Ctx, Row } from "../../../resources/context.js";
import type { ResourceHooks } from "../../../resources/modules.js";
import { invoiceHooks } from "../../payables/invoices.js";
import { anyId } from "./ids.js";
import { markPayableNow, payableParam, vendorDefaults } from "./payable.js";

/** Only a run not yet approved may be deleted (data-spec: UNPROCESSED = NEW or PENDING). */
export const deletableRunStatuses = expandStatuses(paymentRuns, ["UNPROCESSED"]);

export const paymentRunHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.currency = currencyOf(String(row.currency_code));
      row.is_allow_to_delete = deletableRunStatuses.includes(String(row.status));
    }
  },
};

/** Each vendor's default payment method (`defaultMethod`) and how many active methods it has: one query for the page. */
async function vendorMethods(ctx: Ctx, vendorIds: number[]): Promise<Map<number, { method: Row | null; count: number }>> {
  const rows = vendorIds.length === 0 ? [] : await ctx.db.selectFrom("payment_methods").select(["id", "vendor_id", "name", "payment_type", "is_default"])
    .where("company_id", "=", ctx.company.id).where("owner_type", "=", "Vendor").where("status", "=", "ACTIVE").where(anyId("vendor_id", vendorIds))
    .orderBy("id").execute();
  const defaults = vendorDefaults(rows as Row[], vendorIds);
  return new Map([...defaults].map(([id, { method, count }]) => [id, { method: method ? { id: method.id, name: method.name, payment_type: method.payment_type } : null, count }]));
}

/**
 * Pay bills: the invoice fields plus the vendor's default payment_method (id, name, payment_type),
 * payment_method_count and `is_payable_now`; the list parameter `payable=now` (payable.ts).
 */
export const payBillsHooks: ResourceHooks = {
  ...invoiceHooks,
  listParams: { ...invoiceHooks.listParams, payable: payableParam },
  async decorate(rows, ctx) {
    await invoiceHooks.decorate?.(rows, ctx);
    await markPayableNow(rows, ctx);
    const methods = await vendorMethods(ctx, [...new Set(rows.map((r) => r.vendor_id as number))]);
    for (const row of rows) {
      const own = methods.get(row.vendor_id as number);
      row.payment_method = own?.method ?? null;
      row.payment_method_count = own?.count ?? 0;
    }
  },
};
