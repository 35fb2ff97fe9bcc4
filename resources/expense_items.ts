/**
 * Expense items (product spec 2.8): /expense_items and its view /expenses list them, /expense adds one
 * (query parameters poID and receiptID prefill purchase_order_id and receipt_id), /expense/:expenseItemID
 * edits one. Statuses (data spec 4, "Expense item"): PENDING, REJECTED, APPROVED, OPEN, NEW, PAID, DRAFT,
 * CLOSED; composite ACTIVE = NEW | PENDING | APPROVED | OPEN | PAID (everything but drafts, rejected and
 * closed items, as for invoices). Saving an item re-totals its report and checks it against the
 * report's policy (policy_violation, see docs/expenses-and-cards.md).
 */
import { defineResource } from "../src/framework/resource.js";
import { expenseOwnership } from "./expense_reports.js";
import { invoiceStatuses } from "./invoices.js";
import { expenseItemSchema } from "../schemas/expense_item.js";
import { documentsOf } from "./shared/documents.js";

/** Items still with their submitter: the rest are locked by approval and payment. */
const editable = ["DRAFT", "NEW", "REJECTED"];

export default defineResource({
  name: "expense_items",
  kind: "ExpenseItem",
  schema: expenseItemSchema,
  title: "merchant",
  module: "expenses_active",
  menu: { group: "expenses", order: 2 },
  routes: {
    list: "/expense_items",
    create: "/expense",
    edit: "/expense/:expenseItemID",
    views: [
      { path: "/expenses", title: "expense_items.views.expenses" },
      { path: "/expense", page: "create", params: { poID: "purchase_order_id", receiptID: "receipt_id" } },
    ],
  },
  permissions: {
    list: ["listExpenseItems"],
    show: ["readExpenseItems"],
    create: ["addExpenseItems"],
    edit: ["editExpenseItems", "submitExpenseItems"],
    delete: ["editExpenseItems"],
  },
  // the invoice status set (data-spec: expense items have the same codes), with its own ACTIVE
  statuses: { field: "status", values: invoiceStatuses.values, composites: { ACTIVE: ["NEW", "PENDING", "APPROVED", "OPEN", "PAID"] } },
  columns: [
    { field: "date", kind: "date", filterable: true },
    { field: "merchant", filterable: true },
    { field: "employee_name", sortable: false },
    { field: "category_name", filterable: true },
    { field: "expense_type", kind: "enum", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "expense_report.number", link: "show", linkResource: "expense_reports", linkIdField: "expense_report_id", filterable: true },
    { field: "reimbursable", kind: "boolean", hidden: true, filterable: true },
    { field: "receipt_attached", kind: "boolean", filterable: true },
    { field: "policy_violation", filterable: true },
    { field: "purchase_order.number", hidden: true, filterable: true },
    { field: "description", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "date", order: "desc" },
  search: ["merchant", "description", "category_name"],
  personalScope: expenseOwnership("expense_report_id"),
  indexes: ["expense_report_id", "employee_contact_id", "date", "merchant", "category_name", "expense_type", "amount", "status", "purchase_order_id", "receipt_id", "receipt_attached", "reimbursable", "currency_code", "policy_violation"],
  // receipt_attached: whether a receipt file is on the item, kept by the documents (a tick is not a receipt)
  serverFields: ["policy_violation", "receipt_attached"],
  computed: ["employee_name", "currency"],
  relations: {
    // the receipt: a file (upload or phone camera), required above the company's threshold (docs/expenses.md)
    documents: documentsOf("ExpenseItem"),
    expense_report: { kind: "belongsTo", resource: "expense_reports", foreignKey: "expense_report_id", fields: ["id", "number", "status"] },
    employee: { kind: "belongsTo", resource: "contacts", foreignKey: "employee_contact_id", fields: ["id", "first_name", "last_name"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number"] },
  },
  rowActions: [
    { action: "edit", permission: ["editExpenseItems"], when: { status: editable } },
    { action: "delete", permission: ["editExpenseItems"], when: { status: editable } },
  ],
});
