/**
 * Expense reports: the amount is the sum of the report's items (rolled up in the item's write
 * transaction); converted_amount = amount × exchange_rate is a generated column, the rate fixed at the report's date
 * (ledger/exchange-rates.ts, as every document in a currency of its own); merchant and category lists, attachments
 * and policy violations are computed from the items. Statuses change by editing only while the report
 * is with its employee: DRAFT ⇄ NEW, and submitting (to PENDING) a report that has items; approval and
 * payment move it further.
 */
import { currencyOf, sum } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { contactName } from "../identity/people.js";
import { recheckItems } from "./policies.js";
import { issueNumbers } from "../ledger/numbers.js";

/** Reports still with their employee: their items may change. */
export const openReportStatuses = ["DRAFT", "NEW", "REJECTED"];
const creatable = ["DRAFT", "NEW"];

/** Re-total a report from its items (optionally leaving out one that is moving to another report). */
export async function rollUpExpenseReport(trx: DB, reportId: number, exceptItemId?: number): Promise<void> {
  const report = await trx.selectFrom("expense_reports").select("id").where("id", "=", reportId).forUpdate().executeTakeFirst();
  if (!report) return;
  let items = trx.selectFrom("expense_items").select(["amount", "expense_type"]).where("expense_report_id", "=", reportId);
  if (exceptItemId !== undefined) items = items.where("id", "<>", exceptItemId);
  const rows = await items.execute();
  const amount = sum(rows.map((i) => String(i.amount)));
  await trx.updateTable("expense_reports").set({
    amount,
    expense_types: [...new Set(rows.map((i) => String(i.expense_type)))].sort(),
    updated_at: new Date(),
  }).where("id", "=", reportId).execute();
}

const distinct = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === "string" && v !== ""))].join(", ");

export const expenseReportHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const ids = rows.map((r) => r.id as number);
    const items = ids.length
      ? await ctx.db.selectFrom("expense_items").select(["expense_report_id", "merchant", "category_name", "receipt_attached", "policy_violation"])
        .where("company_id", "=", ctx.company.id).where("expense_report_id", "in", ids).orderBy("id").execute()
      : [];
    const byReport = new Map<unknown, Row[]>();
    for (const item of items) byReport.set(item.expense_report_id, [...(byReport.get(item.expense_report_id) ?? []), item]);
    for (const row of rows) {
      const own = byReport.get(row.id) ?? [];
      row.employee_name = contactName(row.employee);
      row.merchant_list = distinct(own.map((i) => i.merchant));
      row.category_list_str = distinct(own.map((i) => i.category_name));
      row.has_attachments = own.some((i) => i.receipt_attached === true);
      row.has_policy_violations = own.some((i) => i.policy_violation !== null);
      row.currency = currencyOf(String(row.currency_code));
    }
  },

  async beforeCreate(data, ctx, trx) {
    data.status ??= "NEW";
    data.employee_contact_id ??= ctx.contact.id;
    data.currency_code ??= ctx.company.currency_code;
    data.number ??= (await issueNumbers(trx, "expense_reports", "number", ctx.company.id, "ER", 1))[0];
    if (!creatable.includes(String(data.status))) throw unprocessable({ status: [`must be ${creatable.join(" or ")} for a new report`] });
    Object.assign(data, { amount: "0.00", expense_types: [], submit_date: null });
  },

  async beforeUpdate(data, existing, _ctx, trx) {
    const errors: FieldErrors = {};
    if (data.currency_code !== undefined && data.currency_code !== existing.currency_code) {
      const other = await trx.selectFrom("expense_items").select("id").where("expense_report_id", "=", existing.id as number)
        .where("currency_code", "<>", String(data.currency_code)).executeTakeFirst();
      if (other) errors.currency_code = ["must stay the currency of the report's items"];
    }
    if (data.employee_contact_id !== undefined && data.employee_contact_id !== existing.employee_contact_id) {
      const other = await trx.selectFrom("expense_items").select("id").where("expense_report_id", "=", existing.id as number).executeTakeFirst();
      if (other) errors.employee_contact_id = ["cannot change once the report has items"];
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
  },

  async afterWrite(row, _ctx, trx) {
    // the report's policy may have changed
    await recheckItems(trx, { reportId: row.id as number });
  },
};
