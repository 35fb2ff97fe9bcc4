/**
 * The budget check at a purchase order's submit (the approval engine's submit check, whether the order
 * is created PENDING, submitted from DRAFT or REJECTED, or its chain restarts): with the budget row
 * locked, the order's amount on top of what already consumes the budget (budget-consumption.ts,
 * the order itself left out) must not pass the budget's amount. Past it, a budget in STOP mode
 * refuses the submit (422); one in WARN mode lets it through with the message as a warning to the
 * user, recorded on the order's activity.
 */
import { money } from "../../../framework/money.js";
import { formatMoney } from "../../../framework/money-format.js";
import purchaseOrders from "../../../../resources/purchase_orders.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import { warn, type Ctx, type Row } from "../../resources/context.js";
import { audit } from "../../resources/write.js";
import { consumptionOf } from "./budget-consumption.js";

export async function checkBudgetAtSubmit(order: Row, trx: DB, ctx: Ctx): Promise<void> {
  if (order.budget_id == null) return;
  // locked: two submits against one budget are judged one after the other, the second seeing the first
  const budget = await trx.selectFrom("budgets").select(["id", "label", "amount", "currency_code", "overrun_action"])
    .where("company_id", "=", ctx.company.id).where("id", "=", order.budget_id as number).forUpdate().executeTakeFirst();
  if (!budget) return;
  const consumption = (await consumptionOf(trx, ctx.company.id, [budget.id], order.id as number)).get(budget.id);
  const consumed = money(consumption?.committed ?? 0).plus(consumption?.actual ?? 0);
  const overrun = consumed.plus(String(order.amount)).minus(String(budget.amount));
  if (overrun.lte(0)) return;
  const show = (value: { toString(): string }) => formatMoney(value, budget.currency_code);
  const message = `Budget ${budget.label} would be overspent by ${show(overrun)} (amount ${show(budget.amount)}, already consumed ${show(consumed)})`;
  if (budget.overrun_action === "STOP") throw unprocessable({ base: [message] });
  warn(ctx, message);
  await audit(trx, ctx, "update", purchaseOrders, order.id as number, { budget_warning: message });
}
