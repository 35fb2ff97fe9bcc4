/**
 * Budgets: spent = the sum of the committed purchase orders drawing on the budget (PENDING, APPROVED,
 * OPEN, CLOSED — not drafts nor rejected orders); remaining = amount − spent. One query per page.
 */
import { sql } from "kysely";
import { currencyOf, money } from "../../../framework/money.js";
import type { ResourceHooks } from "../../resources/modules.js";

export const committedPurchaseOrderStatuses = ["PENDING", "APPROVED", "OPEN", "CLOSED"];

export const budgetHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    if (rows.length === 0) return;
    const spent = await ctx.db.selectFrom("purchase_orders")
      .select(["budget_id", sql<string>`sum(amount)::numeric(18,2)::text`.as("total")])
      .where("company_id", "=", ctx.company.id).where("budget_id", "in", rows.map((r) => r.id as number))
      .where("status", "in", committedPurchaseOrderStatuses).groupBy("budget_id").execute();
    const byBudget = new Map(spent.map((s) => [s.budget_id as number, s.total]));
    for (const row of rows) {
      row.spent = byBudget.get(row.id as number) ?? "0.00";
      row.remaining = money(String(row.amount)).minus(String(row.spent)).toFixed(2);
      row.currency = currencyOf(String(row.currency_code));
    }
  },
};
