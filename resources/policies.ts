/**
 * Expense policies (product spec 2.8): /add_policy creates one, /add_policy/:policyID duplicates one
 * (a create form prefilled from it), /edit_policy/:policyID edits one. Statuses ACTIVE / INACTIVE.
 * The rule an expense item is checked against (category limit, per diem, receipt threshold) is in
 * src/server/domain/expenses/policies.ts and docs/expenses-and-cards.md.
 */
import { defineResource } from "../src/framework/resource.js";
import { policySchema } from "../schemas/policy.js";
import { activation } from "./shared/status_actions.js";

export default defineResource({
  name: "policies",
  schema: policySchema,
  title: "name",
  module: "expenses_active",
  menu: { group: "expenses", order: 3 },
  routes: {
    list: "/policies",
    show: "/policies/:policyID",
    create: "/add_policy",
    edit: "/edit_policy/:policyID",
    duplicate: "/add_policy/:policyID",
  },
  permissions: {
    list: ["listPolicies"],
    show: ["readPolicies"],
    create: ["addPolicies"],
    edit: ["editPolicies"],
    delete: ["deletePolicies"],
  },
  statuses: {
    field: "status",
    values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }],
  },
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "departments_str", sortable: false },
    { field: "currency_code", filterable: true },
    { field: "per_diems", kind: "money", currency: "currency_code", filterable: true },
    { field: "receipt_required_over", kind: "money", currency: "currency_code", hidden: true, filterable: true },
    { field: "categories_str", sortable: false },
    { field: "reports_count", kind: "number", sortable: false, hidden: true },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["name", "description"],
  indexes: ["name", "status", "currency_code", "per_diems", "receipt_required_over", "created_at"],
  computed: ["departments_str", "categories_str", "reports_count"],
  relations: {
    expense_reports: { kind: "hasMany", resource: "expense_reports", foreignKey: "policy_id", fields: ["id", "number", "date", "amount", "currency_code", "status"] },
  },
  recordActions: activation(["editPolicies"]),
  rowActions: [
    { action: "edit", permission: ["editPolicies"] },
    // a policy that expense reports are filed under stays (deactivate it instead)
    { action: "delete", permission: ["deletePolicies"], when: { reports_count: { lte: 0 } }, confirm: "confirm.deletePolicy" },
  ],
});
