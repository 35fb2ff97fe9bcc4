/** Vendor balances: open invoice balance and open purchase-order balance, one query each per page. */
import { sql } from "kysely";
import { expandStatuses } from "../../resources/grammar.js";
import invoices from "../../../../resources/invoices.js";
import purchaseOrders from "../../../../resources/purchase_orders.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { untyped } from "../../db/connect.js";
import { checkTaxId } from "./tax-ids.js";
import { clearDuplicateFlags, flagDuplicate, flagNewDuplicates } from "./vendor-duplicates.js";

async function sumsByVendor(ctx: Ctx, table: string, column: string, statuses: string[], vendorIds: number[]) {
  const rows = await untyped(ctx.db).selectFrom(table).select(["vendor_id", sql<string>`sum(${sql.ref(column)})::numeric(18,2)::text`.as("total")])
    .where("company_id", "=", ctx.company.id).where("vendor_id", "in", vendorIds).where("status", "in", statuses)
    .groupBy("vendor_id").execute();
  return new Map(rows.map((r) => [r.vendor_id as number, r.total]));
}

export const vendorHooks: ResourceHooks = {
  // a new vendor goes through the Vendor workflow: created PENDING, its chain starts in the create's
  // transaction (approvalsAfterWrite); with no step to apply it is approved (ACTIVE) at once, recorded
  async beforeCreate(data, ctx, trx) {
    await vendorHooks.beforeCreateMany!([data], ctx, trx);
  },
  // the same for a batch (a bulk import): one duplicate query for all its rows
  async beforeCreateMany(rows, ctx, trx) {
    for (const data of rows) {
      data.status = "PENDING";
      checkTaxId(data);
    }
    await flagNewDuplicates(trx, ctx, rows);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    checkTaxId(data, existing);
    await flagDuplicate(trx, ctx, data, existing);
  },
  async beforeDelete(existing, ctx, trx) {
    await clearDuplicateFlags(trx, ctx, existing.id as number);
  },
  async decorate(rows: Row[], ctx: Ctx) {
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id as number);
    const [invoiceTotals, poTotals] = [
      await sumsByVendor(ctx, "invoices", "balance_outstanding", expandStatuses(invoices, ["UNPAID"]), ids),
      await sumsByVendor(ctx, "purchase_orders", "open_balance", expandStatuses(purchaseOrders, ["ACTIVE"]), ids),
    ];
    for (const row of rows) {
      row.invoice_balance = invoiceTotals.get(row.id as number) ?? "0.00";
      row.open_po_balance = poTotals.get(row.id as number) ?? "0.00";
    }
  },
};
