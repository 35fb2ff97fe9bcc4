/**
 * What a report needs to be submitted (the approval engine's check): at least one item; a receipt file on
 * every single expense above the company's receipt threshold (its amount in the company's currency;
 * mileage and per diem are priced by rates and have no receipt); no item
 * breaking a policy that blocks (a policy that warns lets the report go, flagged).
 */
import { money, round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { expenseSettings } from "./mileage.js";
import { loadPolicy, pricedByRate } from "./policies.js";
import { itemsWithReceipts } from "./receipts.js";

export async function checkSubmittable(trx: DB, ctx: Ctx, report: Row): Promise<void> {
  const items = await trx.selectFrom("expense_items").select(["id", "merchant", "date", "amount", "expense_type", "policy_violation"])
    .where("expense_report_id", "=", report.id as number).orderBy("date").orderBy("id").execute();
  if (items.length === 0) throw unprocessable({ status: ["a report needs at least one expense item to be submitted"] });
  const errors: FieldErrors = {};
  const { receiptThreshold } = await expenseSettings(trx, ctx.company.id);
  if (receiptThreshold !== null) {
    const rate = String(report.exchange_rate ?? "1");
    // a receipt is a file on the item (receipts.ts), not a tick
    const withReceipts = await itemsWithReceipts(trx, ctx.company.id, items.map((i) => i.id));
    const missing = items.filter((i) => !pricedByRate.includes(String(i.expense_type)) && !withReceipts.has(i.id) && money(String(i.amount)).times(rate).gt(receiptThreshold));
    if (missing.length) {
      errors.expense_items = [`need a receipt above ${round(receiptThreshold)} ${ctx.company.currency_code}: ${missing.map((i) => `${String(i.merchant)} (${String(i.date)})`).join(", ")}`];
    }
  }
  const policy = await loadPolicy(trx, report.policy_id);
  const breaking = items.filter((i) => i.policy_violation !== null);
  if (policy?.violation_action === "block" && breaking.length) {
    errors.policy_id = [`blocks items that break it: ${breaking.map((i) => `${String(i.merchant)} (${String(i.policy_violation)})`).join(", ")}`];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}
