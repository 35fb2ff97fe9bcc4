/**
 * Expense reports (data-spec 4: NEW → PENDING (Pending Approval) → OPEN (Approved) or REJECTED).
 * Amounts compare in the functional currency (converted_amount); the report's items follow its status.
 */
import { isoDate } from "../../../../framework/dates.js";
import { recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";
import { postExpenseReportApproval } from "../../expenses/expense-ledger.js";
import { checkSubmittable } from "../../expenses/expense-submission.js";

export const expenseReportApproval: ApprovalBehaviour = {
  // a reimbursement is the employee's own money
  beneficiaries: (record) => [record.employee_contact_id as number],
  async check(record, action, trx, ctx) {
    if (action === "submit") await checkSubmittable(trx, ctx, record);
  },
  facts: async (record) => recordFacts(record, "converted_amount"),
  submitted: () => ({ submit_date: isoDate() }),
  async moved(record, status, trx) {
    await trx.updateTable("expense_items").set({ status, updated_at: new Date() }).where("expense_report_id", "=", record.id as number).execute();
  },
  // approved: the expense owed to the employee is posted (expense-ledger.ts)
  onApproved: postExpenseReportApproval,
};
