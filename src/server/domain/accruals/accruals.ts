/**
 * Accrual rules. An accrual's balance is its amount minus what invoices matched (accrual_invoice_links);
 * only posted accruals (OPEN) are matched, by invoices of the same vendor and currency, and never beyond
 * the balance (a 422: an invoice bigger than the estimate is matched for the balance, the rest is the
 * invoice's own). A purchase order's accrual_balance is the balance of its ACTIVE accruals.
 * The accrual summary is rebuilt for the company after every change (accrual-summary.ts).
 */
import { sql } from "kysely";
import { currencyOf, money } from "../../../framework/money.js";
import { expandStatuses } from "../../resources/grammar.js";
import Decimal from "decimal.js";
import accruals from "../../../../resources/accruals.js";
import accrualInvoiceLinks from "../../../../resources/accrual_invoice_links.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ActionHandler, ResourceHooks } from "../../resources/modules.js";
import { createInTransaction } from "../../resources/write.js";
import { plain, requirePositive, rowOf } from "../purchasing/records.js";
import { fillAccrual } from "./accrual-create.js";
import { refreshAccrualSummary } from "./accrual-summary.js";

export { refreshAccrualSummary };

const active = expandStatuses(accruals, ["ACTIVE"]);
/** booked: what the summary counts */
export const bookedAccrualStatuses = [...active, "CLOSED"];

async function matched(trx: DB, accrualId: number, exceptLinkId?: number): Promise<string> {
  let qb = trx.selectFrom("accrual_invoice_links").select(sql<string>`coalesce(sum(amount), 0)::text`.as("total")).where("accrual_id", "=", accrualId);
  if (exceptLinkId !== undefined) qb = qb.where("id", "<>", exceptLinkId);
  return (await qb.executeTakeFirstOrThrow()).total;
}

/** purchase_orders.accrual_balance = the balance of the order's ACTIVE accruals (leaving one out, when it moves away). */
export async function rollUpAccrualBalance(trx: DB, purchaseOrderId: number, exceptAccrualId?: number): Promise<void> {
  let total = trx.selectFrom("accruals").select(sql<string>`coalesce(sum(balance), 0)`.as("total"))
    .where("purchase_order_id", "=", purchaseOrderId).where("status", "in", active);
  if (exceptAccrualId !== undefined) total = total.where("id", "<>", exceptAccrualId);
  await trx.updateTable("purchase_orders").set({ accrual_balance: total, updated_at: new Date() }).where("id", "=", purchaseOrderId).execute();
}

/** After an accrual or its matches changed: its balance, its purchase order, the summary. */
async function settle(trx: DB, companyId: number, accrualId: number): Promise<void> {
  const accrual = await trx.selectFrom("accruals").select(["amount", "purchase_order_id"]).where("id", "=", accrualId).executeTakeFirst();
  if (accrual) {
    const balance = money(String(accrual.amount)).minus(await matched(trx, accrualId)).toFixed(2);
    await trx.updateTable("accruals").set({ balance, updated_at: new Date() }).where("id", "=", accrualId).execute();
    if (accrual.purchase_order_id) await rollUpAccrualBalance(trx, accrual.purchase_order_id);
  }
  await refreshAccrualSummary(trx, companyId);
}

export const accrualHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.currency = currencyOf(String(row.currency_code));
  },
  async beforeCreate(data, ctx, trx) {
    await fillAccrual(data, ctx, trx);
    requirePositive(data.amount, "amount");
    data.balance = data.amount;
  },
  async beforeUpdate(data, existing, _ctx, trx) {
    if (data.amount !== undefined) {
      requirePositive(data.amount, "amount");
      const done = await matched(trx, existing.id as number);
      if (money(String(data.amount)).lt(done)) throw unprocessable({ amount: [`cannot be less than the ${plain(done)} matched by invoices`] });
    }
    const movedFrom = existing.purchase_order_id as number | null;
    if (movedFrom && data.purchase_order_id !== undefined && data.purchase_order_id !== movedFrom) await rollUpAccrualBalance(trx, movedFrom, existing.id as number);
  },
  async afterWrite(row, ctx, trx) {
    // a deleted accrual has no row left to settle; its purchase order still needs its total
    const exists = await trx.selectFrom("accruals").select("id").where("id", "=", row.id as number).executeTakeFirst();
    if (exists) await settle(trx, ctx.company.id, row.id as number);
    else {
      if (row.purchase_order_id) await rollUpAccrualBalance(trx, row.purchase_order_id as number);
      await refreshAccrualSummary(trx, ctx.company.id);
    }
  },
};

async function checkLink(data: Row, ctx: Ctx, trx: DB, existingId?: number): Promise<void> {
  const accrual = await rowOf(trx, ctx, "accruals", data.accrual_id, true);
  if (accrual.status !== "OPEN") {
    throw unprocessable({ accrual_id: [`accrual ${String(accrual.number)} is ${String(accrual.status)}: only posted (open) accruals are matched to invoices`] });
  }
  const invoice = await rowOf(trx, ctx, "invoices", data.invoice_id);
  if (invoice.vendor_id !== accrual.vendor_id) throw unprocessable({ invoice_id: ["belongs to another vendor than the accrual"] });
  if (invoice.currency_code !== accrual.currency_code) throw unprocessable({ invoice_id: [`is in ${String(invoice.currency_code)}, the accrual in ${String(accrual.currency_code)}`] });
  requirePositive(data.amount, "amount");
  const open = money(String(accrual.amount)).minus(await matched(trx, accrual.id as number, existingId));
  if (money(String(data.amount)).gt(open)) throw unprocessable({ amount: [`cannot exceed the accrual's open balance of ${open.toFixed(2)}`] });
}

/**
 * The accrual page's match action: a link to one of the vendor's invoices, made as a create of
 * accrual_invoice_links (its checks, balance and summary, audit). Without an amount, as much of the
 * invoice as the accrual's balance takes.
 */
export const matchAccrual: ActionHandler = async ({ row, input, ctx }) => {
  const invoice = await ctx.db.selectFrom("invoices").select("amount").where("company_id", "=", ctx.company.id).where("id", "=", Number(input.invoice_id)).executeTakeFirst();
  if (!invoice) throw unprocessable({ invoice_id: ["is not an invoice of this company"] });
  const amount = input.amount ?? Decimal.min(money(String(invoice.amount)), money(String(row.balance))).toFixed(2);
  await createInTransaction(accrualInvoiceLinks, { accrual_id: row.id, invoice_id: input.invoice_id, amount }, ctx, ctx.db);
};

export const accrualInvoiceLinkHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    await checkLink(data, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    for (const field of ["accrual_id", "invoice_id"]) {
      if (data[field] !== undefined && data[field] !== existing[field]) throw unprocessable({ [field]: ["cannot change: remove the match and add another"] });
    }
    await checkLink({ ...existing, ...data }, ctx, trx, existing.id as number);
  },
  // a closed accrual's matches are history
  async beforeDelete(existing, ctx, trx) {
    const accrual = await rowOf(trx, ctx, "accruals", existing.accrual_id, true);
    if (accrual.status !== "OPEN") throw unprocessable({ base: [`accrual ${String(accrual.number)} is ${String(accrual.status)}: its matches no longer change`] });
  },
  async afterWrite(row, ctx, trx) {
    await settle(trx, ctx.company.id, row.accrual_id as number);
  },
};
