/**
 * Invoice lines: amount = quantity × unit price, and the invoice's amount is the sum of its lines (its
 * balances follow; GL coding too, by account and department, when every line names an account). A line pulled from a purchase order
 * bills a line of an approved or open order of the invoice's vendor; its PO line never changes (remove
 * the line and add another). Lines change only while the invoice may be edited. After each write the PO
 * side and the invoice's matching are settled (purchasing/invoice-matching.ts).
 */
import { lineTotal, linesOf } from "../../../framework/lines.js";
import { money, round } from "../../../framework/money.js";
import invoices from "../../../../resources/invoices.js";
import purchaseOrders from "../../../../resources/purchase_orders.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import { expandStatuses } from "../../resources/grammar.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { settleInvoice } from "../purchasing/invoice-matching.js";
import { requirePositive, rowOf } from "../purchasing/records.js";
import { balancesFor } from "./invoices.js";

const invoiceLines = linesOf(invoices, "invoice_items");
const editable = ["DRAFT", "NEW", "PENDING", "REJECTED"];
const billable = expandStatuses(purchaseOrders, ["ACTIVE"]);

async function checkLine(data: Row, ctx: Ctx, trx: DB): Promise<void> {
  const invoice = await rowOf(trx, ctx, "invoices", data.invoice_id, true);
  if (!editable.includes(String(invoice.status))) throw unprocessable({ invoice_id: [`invoice ${String(invoice.number)} is ${String(invoice.status)}: its lines cannot change`] });
  requirePositive(data.quantity, "quantity");
  if (money(String(data.unit_price)).lt(0)) throw unprocessable({ unit_price: ["must be zero or more"] });
  if (data.po_item_id === undefined || data.po_item_id === null) return;
  const line = await rowOf(trx, ctx, "po_items", data.po_item_id);
  const order = await rowOf(trx, ctx, "purchase_orders", line.purchase_order_id);
  if (order.vendor_id !== invoice.vendor_id) throw unprocessable({ po_item_id: [`is a line of ${String(order.number)}, a purchase order of another vendor`] });
  if (!billable.includes(String(order.status))) throw unprocessable({ po_item_id: [`purchase order ${String(order.number)} is ${String(order.status)}: only approved or open orders are invoiced`] });
  if (order.currency_code !== invoice.currency_code) throw unprocessable({ po_item_id: [`purchase order ${String(order.number)} is in ${String(order.currency_code)}, the invoice in ${String(invoice.currency_code)}`] });
}

/** The invoice's amount, balances and (when every line is coded) GL coding from its lines. */
async function rollUpInvoice(trx: DB, invoiceId: number): Promise<void> {
  const invoice = await trx.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirstOrThrow();
  const lines = await trx.selectFrom("invoice_items").select(["amount", "account_number", "department"]).where("invoice_id", "=", invoiceId).orderBy("line").execute();
  if (lines.length === 0) return;
  const amount = round(lines.reduce((total, l) => total.plus(String(l.amount)), money(0)));
  const values: Row = { amount, ...balancesFor(amount, invoice) };
  if (lines.every((l) => l.account_number)) {
    // one debit per account and department, as the lines are coded
    const entries = new Map<string, { account_number: string; department: string | null; amount: ReturnType<typeof money> }>();
    for (const l of lines) {
      const key = JSON.stringify([l.account_number, l.department ?? null]);
      const entry = entries.get(key) ?? { account_number: l.account_number!, department: l.department ?? null, amount: money(0) };
      entries.set(key, { ...entry, amount: entry.amount.plus(String(l.amount)) });
    }
    values.debit_entries = JSON.stringify([...entries.values()].map((e) => ({ account_number: e.account_number, amount: round(e.amount), department: e.department })));
  }
  await trx.updateTable("invoices").set({ ...values, updated_at: new Date() }).where("id", "=", invoiceId).execute();
}

export const invoiceItemHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    await checkLine(data, ctx, trx);
    data.amount = lineTotal(invoiceLines, data);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    for (const field of ["invoice_id", "po_item_id"]) {
      if (data[field] !== undefined && data[field] !== existing[field]) throw unprocessable({ [field]: ["cannot change: remove the line and add another"] });
    }
    const merged = { ...existing, ...data };
    await checkLine(merged, ctx, trx);
    data.amount = lineTotal(invoiceLines, merged);
  },
  async beforeDelete(existing, ctx, trx) {
    await checkLine(existing, ctx, trx);
  },
  async afterWrite(row, _ctx, trx) {
    await rollUpInvoice(trx, row.invoice_id as number);
    await settleInvoice(trx, row.invoice_id as number, row.po_item_id ? [row.po_item_id as number] : []);
  },
};
