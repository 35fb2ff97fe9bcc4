/** Invoice rules: balances kept by the server, GL coding, due status and aging, what may be deleted or paid. */
import { agingOf, daysPastDue, dueStatusOf, hasBalance } from "./aging.js";
import { isoDate } from "../../../framework/dates.js";
import { currencyOf, money, sum } from "../../../framework/money.js";
import { expandStatuses } from "../../resources/grammar.js";
import invoices from "../../../../resources/invoices.js";
import type { DB } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { settleInvoice } from "../purchasing/invoice-matching.js";
import { refuseClosedOrders } from "../purchasing/po-lifecycle.js";
import { flagSuspectedDuplicate, lookAlikesOf, refuseDuplicateNumber } from "./invoice-numbers.js";

const payable = expandStatuses(invoices, ["PAYABLE"]);
const unpaid = expandStatuses(invoices, ["UNPAID"]);
const deletable = ["DRAFT", "NEW", "REJECTED"];
const creatable = ["DRAFT", "NEW"];

interface DebitEntry {
  account_number: string;
  amount: string;
}

/** GL coding is complete when lines exist and add up to the invoice amount. */
export function codingValid(amount: unknown, entries: unknown): boolean {
  const lines = (entries as DebitEntry[] | null) ?? [];
  return lines.length > 0 && money(sum(lines.map((l) => l.amount))).eq(money(String(amount)));
}

async function check(data: Row, ctx: Ctx, trx: DB, existingId?: number): Promise<void> {
  const errors: FieldErrors = {};
  if (data.date && data.due_date && String(data.due_date) < String(data.date)) errors.due_date = ["must be on or after the invoice date"];
  if (money(String(data.amount)).lte(0)) errors.amount = ["must be greater than 0"];
  const coding = (data.debit_entries as DebitEntry[] | undefined) ?? [];
  // an invoice with lines takes its amount (and, when they are coded, its coding) from them after this check
  const hasLines = existingId !== undefined && !!(await trx.selectFrom("invoice_items").select("id").where("invoice_id", "=", existingId).executeTakeFirst());
  if (coding.length > 0 && !hasLines && !codingValid(data.amount, coding)) errors.debit_entries = ["GL coding lines must add up to the invoice amount"];
  if (Object.keys(errors).length) throw unprocessable(errors);
  // the same number, normalized (INV-0042 = #42), at this vendor: 422 naming the first (invoice-numbers.ts)
  await refuseDuplicateNumber(trx, ctx, data, existingId);
}

export const invoiceHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const today = isoDate();
    for (const row of rows) {
      const balance = String(row.balance_outstanding ?? "0");
      const open = hasBalance(balance) && unpaid.includes(String(row.status));
      row.currency = currencyOf(String(row.currency_code));
      row.functional_currency = ctx.company.currency_code;
      const late = daysPastDue(String(row.due_date), today);
      row.due_status = open ? dueStatusOf(late) : null;
      Object.assign(row, agingOf(open ? balance : "0", late));
      row.valid = codingValid(row.amount, row.debit_entries);
      row.is_invoice_allow_to_delete = deletable.includes(String(row.status)) && money(String(row.payments_sum ?? "0")).eq(0);
      row.is_validate_pay_now = payable.includes(String(row.status)) && hasBalance(String(row.outstanding_balance_pending)) && row.is_on_hold !== true && row.has_open_exceptions !== true
        && row.suspected_duplicate !== true;
      // a suspected duplicate's look-alikes, listed by its notice (only flagged rows cost a query)
      row.suspected_duplicates = row.suspected_duplicate === true
        ? (await lookAlikesOf(ctx.db, ctx.company.id, row)).map((l) => ({ ...l, message: `${l.number} · ${l.vendor_name} · ${l.date} · ${l.amount} (${l.reason})` }))
        : [];
    }
  },

  async beforeCreate(data, ctx, trx) {
    data.status ??= "NEW";
    if (!creatable.includes(String(data.status))) throw unprocessable({ status: [`must be ${creatable.join(" or ")} for a new invoice`] });
    await check(data, ctx, trx);
    data.payments_sum = "0";
    data.balance_outstanding = data.amount;
    data.outstanding_balance_pending = data.amount;
    await refuseClosedOrders(trx, ctx, (data.purchase_order_ids as number[] | undefined) ?? [], "purchase_order_ids");
  },

  async beforeUpdate(data, existing, ctx, trx) {
    if (data.status !== undefined && data.status !== existing.status && !(creatable.includes(String(data.status)) && creatable.includes(String(existing.status)))) {
      throw unprocessable({ status: ["changes through the invoice's actions (submit, approve, pay), not by editing"] });
    }
    const merged = { ...existing, ...data };
    await check(merged, ctx, trx, existing.id as number);
    if (data.amount !== undefined) Object.assign(data, balancesFor(data.amount, existing));
    const before = (existing.purchase_order_ids as number[] | null) ?? [];
    await refuseClosedOrders(trx, ctx, ((data.purchase_order_ids as number[] | undefined) ?? []).filter((id) => !before.includes(id)), "purchase_order_ids");
  },

  // the lines' PO billing and the matching follow every write (a status leaving or entering billing, a changed amount or link)
  async afterWrite(row, ctx, trx) {
    await settleInvoice(trx, row.id as number);
    await flagSuspectedDuplicate(trx, ctx, row);
  },
};

/** The balances of an invoice whose amount becomes `amount`: what is paid stays paid. */
export function balancesFor(amount: unknown, existing: Row): Row {
  const open = money(String(amount)).minus(String(existing.payments_sum));
  if (open.lt(0)) throw unprocessable({ amount: ["cannot be less than what has been paid"] });
  return { balance_outstanding: open.toFixed(2), outstanding_balance_pending: open.toFixed(2) };
}
