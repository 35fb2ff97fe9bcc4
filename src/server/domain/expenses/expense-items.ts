/**
 * Expense items: defaults and checks against their report (same employee and currency, report still
 * with its employee), the type's own fields, the policy verdict, and the report's roll-up.
 */
import { currencyOf, money, round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { openReportStatuses, rollUpExpenseReport } from "./expense-reports.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { contactName } from "../identity/people.js";
import { loadPolicy, policyViolation, type CheckedItem, type PolicyRules } from "./policies.js";
import { expenseSettings, mileageAmount, mileageRateOn } from "./mileage.js";

async function prepare(data: Row, existing: Row | undefined, ctx: Ctx, trx: DB): Promise<void> {
  const merged = { ...existing, ...data };
  const report = merged.expense_report_id
    ? await trx.selectFrom("expense_reports").select(["id", "number", "status", "employee_contact_id", "currency_code", "policy_id"])
      .where("id", "=", merged.expense_report_id as number).executeTakeFirst()
    : undefined;
  if (!existing) {
    data.employee_contact_id ??= report?.employee_contact_id ?? ctx.contact.id;
    data.currency_code ??= report?.currency_code ?? ctx.company.currency_code;
    Object.assign(merged, data);
  }
  const errors: FieldErrors = {};
  if (report && !openReportStatuses.includes(String(report.status))) {
    errors.expense_report_id = [`report ${String(report.number)} is ${String(report.status)}: its items can no longer change`];
  }
  if (report && merged.employee_contact_id !== report.employee_contact_id) errors.employee_contact_id = ["must be the report's employee"];
  if (report && merged.currency_code !== report.currency_code) errors.currency_code = [`must be the report's currency (${String(report.currency_code)})`];
  const policy = await loadPolicy(trx, report?.policy_id);
  if (merged.expense_type === "mileage") await priceMileage(trx, ctx, merged, data, errors);
  else if (merged.expense_type === "per diem") pricePerDiem(policy, merged, data, errors);
  if (!errors.amount && !errors.mileage_distance && !errors.per_diem_days && !(money(String(merged.amount ?? "0")).gt(0))) errors.amount = ["must be greater than 0"];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const violation = policyViolation(merged as unknown as CheckedItem, policy);
  // the receipt is a file attached once the item exists: its absence blocks the submit (expense-submission.ts), not the save
  const blocking = policyViolation({ ...merged, receipt_attached: true } as unknown as CheckedItem, policy);
  if (blocking && policy?.violation_action === "block") throw unprocessable({ amount: [`breaks the report's policy: ${blocking}`] });
  data.policy_violation = violation;
}

/** Mileage is priced by the server: distance × the company's rate for the item's date (mileage.ts). */
async function priceMileage(trx: DB, ctx: Ctx, merged: Row, data: Row, errors: FieldErrors): Promise<void> {
  if (!merged.mileage_distance || !money(String(merged.mileage_distance)).gt(0)) {
    errors.mileage_distance = ["is required for mileage and must be greater than 0"];
    return;
  }
  const rate = mileageRateOn((await expenseSettings(trx, ctx.company.id)).mileageRates, String(merged.date));
  if (!rate) {
    errors.mileage_distance = [`cannot be priced: the company has no mileage rate for ${String(merged.date)}`];
    return;
  }
  data.amount = merged.amount = mileageAmount(String(merged.mileage_distance), rate);
}

/** A per diem is priced by the report's policy: its daily rate × the days. */
function pricePerDiem(policy: PolicyRules | undefined, merged: Row, data: Row, errors: FieldErrors): void {
  if (!merged.per_diem_days) {
    errors.per_diem_days = ["is required for a per diem"];
    return;
  }
  if (!policy?.per_diems || policy.status !== "ACTIVE") {
    errors.per_diem_days = ["cannot be priced: the report's policy has no per diem rate"];
    return;
  }
  data.amount = merged.amount = round(money(policy.per_diems).times(Number(merged.per_diem_days)));
}

export const expenseItemHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.employee_name = contactName(row.employee);
      row.currency = row.currency_code ? currencyOf(String(row.currency_code)) : null;
    }
  },
  async beforeCreate(data, ctx, trx) {
    await prepare(data, undefined, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    await prepare(data, existing, ctx, trx);
    const from = existing.expense_report_id as number | null;
    if (from !== null && data.expense_report_id !== undefined && data.expense_report_id !== from) {
      await rollUpExpenseReport(trx, from, existing.id as number);
    }
  },
  async afterWrite(row, _ctx, trx) {
    if (row.expense_report_id !== null) await rollUpExpenseReport(trx, row.expense_report_id as number);
  },
};
