/**
 * Budgets on read: committed, actual, spent (= committed + actual), remaining (= amount − spent) and
 * consumed_percent, with the orders and invoices consuming each (budget-consumption.ts, one query per page).
 * On write: the amount is never negative and the period never ends before it starts.
 */
import { currencyOf, money } from "../../../framework/money.js";
import { unprocessable } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { refuseNegative } from "../purchasing/purchase-orders.js";
import { consumersOf } from "./budget-consumption.js";

/** spent as a percentage of the amount, one decimal; an amount of zero: null */
export function consumedPercent(amount: string, spent: string): string | null {
  return money(amount).isZero() ? null : money(spent).div(amount).times(100).toFixed(1);
}

function checkBudget(data: Row, existing: Row = {}): void {
  refuseNegative(data, ["amount"]);
  const start = String(data.start_date ?? existing.start_date);
  const end = String(data.end_date ?? existing.end_date);
  if (end < start) throw unprocessable({ end_date: ["must be on or after the start date"] });
}

export const budgetHooks: ResourceHooks = {
  beforeCreate(data) {
    checkBudget(data);
  },
  beforeUpdate(data, existing) {
    checkBudget(data, existing);
  },
  async decorate(rows, ctx) {
    const consumers = await consumersOf(ctx.db, ctx.company.id, rows.map((r) => r.id as number));
    for (const row of rows) {
      const own = consumers.filter((c) => c.budget_id === row.id);
      const orders = own.filter((c) => c.kind === "purchase_order");
      const invoices = own.filter((c) => c.kind === "invoice");
      const committed = orders.reduce((total, c) => total.plus(c.committed), money(0));
      const actual = invoices.reduce((total, c) => total.plus(c.actual), money(0));
      const spent = committed.plus(actual);
      Object.assign(row, {
        committed: committed.toFixed(2), actual: actual.toFixed(2), spent: spent.toFixed(2),
        remaining: money(String(row.amount)).minus(spent).toFixed(2),
        consumed_percent: consumedPercent(String(row.amount), spent.toFixed(2)),
        currency: currencyOf(String(row.currency_code)),
        // each with its id: the budget's page links its number to the record (budgets.ts computedLists)
        consuming_orders: orders.map((c) => ({ id: c.id, number: c.number, vendor: c.vendor, status: c.status, committed: c.committed })),
        consuming_invoices: invoices.map((c) => ({ id: c.id, number: c.number, vendor: c.vendor, status: c.status, actual: c.actual })),
      });
    }
  },
};
