import { defineResource } from "../src/framework/resource.js";
import { budgetSchema } from "../schemas/budget.js";

/**
 * Budgets. Consumption (spent) = committed + actual: committed = the not-yet-invoiced part of the
 * purchase orders drawing on the budget that are awaiting approval or approved (PENDING, APPROVED,
 * OPEN); actual = the approved (and later paid) invoices of those orders. remaining = amount − spent
 * (negative when overspent), consumed_percent = spent / amount. Computed on read, the rule in one place
 * (src/server/domain/ledger/budget-consumption.ts). A submit that would overspend the budget is warned
 * or refused per `overrun_action` (ledger/budget-check.ts). addBudgets / editBudgets are ours: the
 * spec names only listBudgets and readBudgets.
 */
export default defineResource({
  name: "budgets",
  schema: budgetSchema,
  title: "label",
  module: "budgets_active",
  menu: { group: "purchasing", order: 6 },
  routes: { list: "/budgets", show: "/budgets/:budgetID", create: "/budgets/new", edit: "/budgets/:budgetID/edit" },
  permissions: { list: ["listBudgets"], show: ["readBudgets"], create: ["addBudgets"], edit: ["editBudgets"] },
  statuses: {
    field: "status",
    values: [
      { code: "ACTIVE", color: "green" },
      { code: "CLOSED", color: "default" },
    ],
  },
  columns: [
    { field: "label", link: "show", filterable: true },
    { field: "department", filterable: true },
    { field: "subsidiary.name", filterable: true },
    { field: "start_date", kind: "date", filterable: true },
    { field: "end_date", kind: "date", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "spent", kind: "money", currency: "currency_code", total: true, sortable: false, filterable: false },
    { field: "remaining", kind: "money", currency: "currency_code", total: true, sortable: false, filterable: false },
    { field: "consumed_percent", kind: "number", sortable: false, filterable: false },
    { field: "overrun_action", kind: "enum", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "start_date", order: "desc" },
  search: ["label", "department"],
  indexes: ["label", "department", "subsidiary_id", "start_date", "end_date", "amount", "status"],
  computed: ["committed", "actual", "spent", "remaining", "consumed_percent", "currency", "consuming_orders", "consuming_invoices"],
  computedLists: { consuming_orders: "purchase_orders", consuming_invoices: "invoices" },
  relations: {
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
  },
  rowActions: [{ action: "edit", permission: ["editBudgets"] }],
});
