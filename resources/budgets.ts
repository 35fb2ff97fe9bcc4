import { defineResource } from "../src/framework/resource.js";
import { budgetSchema } from "../schemas/budget.js";

/**
 * Budgets. spent = the sum of the amounts of the purchase orders drawing on the budget that are
 * committed (PENDING, APPROVED, OPEN, CLOSED; drafts and rejected orders are not); remaining =
 * amount − spent (negative when overspent). Both computed on read (src/server/domain/ledger/budgets.ts).
 */
export default defineResource({
  name: "budgets",
  schema: budgetSchema,
  title: "label",
  module: "budgets_active",
  menu: { group: "purchasing", order: 6 },
  routes: { list: "/budgets", show: "/budgets/:budgetID" },
  permissions: { list: ["listBudgets"], show: ["readBudgets"] },
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
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "start_date", order: "desc" },
  search: ["label", "department"],
  indexes: ["label", "department", "subsidiary_id", "start_date", "end_date", "amount", "status"],
  computed: ["spent", "remaining", "currency"],
  relations: {
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    purchase_orders: { kind: "hasMany", resource: "purchase_orders", foreignKey: "budget_id", fields: ["id", "number", "date", "amount", "status"] },
  },
});
