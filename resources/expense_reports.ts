/**
 * Expense reports (product spec 2.8). Statuses (data spec 4, "Expense report"): DRAFT; NEW (needs review
 * and submit); PENDING (labelled Pending Approval); OPEN (labelled Approved: awaiting payment and
 * reconciliation); REJECTED; PAID; CLOSED (paid and reconciled). Composite UNPAID = NEW | PENDING | OPEN,
 * i.e. submitted and not yet paid. The amount is the sum of the report's items (server-kept); the
 * merchant and category lists, attachments and policy-violation flags are computed from the items.
 * The lists of the same table with another guard are the views in expense_linked_accounts.ts,
 * pay_expenses.ts and expense_approvals.ts; they share these declarations and the table's hooks.
 */
import { defineResource } from "../src/framework/resource.js";
import { expenseReportSchema } from "../schemas/expense_report.js";

export const expenseReportStatuses = {
  field: "status",
  values: [
    { code: "DRAFT", color: "default" },
    { code: "NEW", color: "blue" },
    { code: "PENDING", color: "gold" },
    { code: "OPEN", color: "cyan" },
    { code: "REJECTED", color: "red" },
    { code: "PAID", color: "green" },
    { code: "CLOSED", color: "default" },
  ],
  composites: { UNPAID: ["NEW", "PENDING", "OPEN"] },
} as const;

/**
 * Expenses belong to their employee (docs/expenses-and-cards.md "Who sees which expenses"): staff see
 * their own and those awaiting their approval; readAllExpenses (managers, administrators) and
 * payExpenseReports (who pays them) see every employee's. `reportKey`: the column holding the report's id.
 */
export const expenseOwnership = (reportKey: string) =>
  ({ contact: "employee_contact_id", all: ["readAllExpenses", "payExpenseReports"], approvals: { type: "ExpenseReport", key: reportKey } }) as const;

/** What every list of expense reports shows and computes; the views spread it. */
export const expenseReportList = {
  schema: expenseReportSchema,
  title: "number",
  module: "expenses_active",
  statuses: expenseReportStatuses,
  columns: [
    { field: "number", link: "show", linkResource: "expense_reports", linkIdField: "id", filterable: true },
    { field: "employee_name", sortable: false },
    { field: "date", kind: "date", filterable: true },
    { field: "submit_date", kind: "date", filterable: true },
    { field: "merchant_list", sortable: false },
    { field: "category_list_str", sortable: false, hidden: true },
    { field: "subsidiary.name", hidden: true, filterable: true },
    { field: "reimbursable", kind: "boolean", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "converted_amount", kind: "money", total: true, hidden: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "project_name", hidden: true, filterable: true },
    { field: "has_attachments", kind: "boolean", sortable: false },
    { field: "has_policy_violations", kind: "boolean", sortable: false },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description", "project_name"],
  personalScope: expenseOwnership("id"),
  // created DRAFT or NEW (the hook checks); the rate comes from the company's subsidiaries (domain/expenses/exchange-rates.ts)
  clientWritable: { create: ["status"] },
  serverFields: ["amount", "converted_amount", "submit_date", "expense_types", "exchange_rate"],
  functional: { rate: "exchange_rate", currency: "currency_code", date: "date", amounts: { amount: "converted_amount" } },
  computed: ["employee_name", "merchant_list", "category_list_str", "has_attachments", "has_policy_violations", "currency"],
  relations: {
    employee: { kind: "belongsTo", resource: "contacts", foreignKey: "employee_contact_id", fields: ["id", "first_name", "last_name"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    policy: { kind: "belongsTo", resource: "policies", foreignKey: "policy_id", fields: ["id", "name"] },
    expense_items: {
      kind: "hasMany", resource: "expense_items", foreignKey: "expense_report_id",
      fields: ["id", "date", "merchant", "category_name", "expense_type", "mileage_distance", "per_diem_days", "amount", "currency_code", "description", "policy_violation", "status"],
    },
  },
} as const;

export default defineResource({
  ...expenseReportList,
  name: "expense_reports",
  menu: { group: "expenses", order: 1 },
  routes: {
    list: "/expense_report",
    show: "/expense_report/:invoiceID",
    // ours: the spec lists no path to create a report; staff file one with its items here
    create: "/expense_report/new",
    views: [
      // approved (label Approved = OPEN) or paid reimbursable reports: where an employee's money stands
      { path: "/reimbursement_status", title: "expense_reports.views.reimbursementStatus", preset: { status: ["OPEN", "PAID"], reimbursable: "true" } },
    ],
  },
  permissions: {
    list: ["listExpenseReports"],
    show: ["readExpenseReports"],
    // staff file a report with its items (the lines) in one form
    create: ["submitExpenseItems"],
    edit: ["submitExpenseItems"],
  },
  indexes: ["number", "employee_contact_id", "status", "date", "submit_date", "amount", "converted_amount", "subsidiary_id", "policy_id", "reimbursable", "project_name", "currency_code", ["status", "reimbursable"]],
  // the report's amount is the sum of its items (domain/expenses/expense-reports.ts rollUpExpenseReport)
  // mileage and per diem lines are priced by the server (distance × the company's rate; the policy's rate × days); the
  // report's amount is the server's roll-up of its items (not the form's sum: amount is a server field)
  // each line's receipt files in a cell of the grid (not a receipt_attached tick): named, opened, attached there
  lines: [{
    relation: "expense_items", fields: ["date", "merchant", "category_name", "expense_type", "mileage_distance", "per_diem_days", "amount", "description"],
    total: { field: "amount" }, files: "documents",
  }],
  approvable: { type: "ExpenseReport", submittable: ["DRAFT", "NEW", "REJECTED"], permission: ["submitExpenseItems"] },
  approval: {
    type: "ExpenseReport",
    requester: "employee_contact_id",
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["OPEN"] },
    restartOn: ["converted_amount", "exchange_rate", "subsidiary_id", "policy_id"],
  },
  rowActions: [
    { action: "edit", permission: ["submitExpenseItems"], when: { status: ["DRAFT", "NEW", "REJECTED"] } },
  ],
});
