import { defineResource } from "../src/framework/resource.js";
import { accountSchema } from "../schemas/account.js";
import { activeInactive } from "./teams.js";
import { activation } from "./shared/status_actions.js";

/**
 * The chart of accounts. `balance` is debits minus credits of the account's journal lines.
 * Writes need editAdministrations (ours: the spec lists no write key for accounts).
 */
export default defineResource({
  name: "accounts",
  schema: accountSchema,
  title: "name",
  menu: { group: "accounting", order: 2 },
  routes: { list: "/accounts", show: "/accounts/:accountID", create: "/accounts/new", edit: "/accounts/:accountID/edit" },
  permissions: {
    list: ["listAdministrations"],
    show: ["readAdministrations"],
    create: ["editAdministrations"],
    edit: ["editAdministrations"],
    delete: ["editAdministrations"],
  },
  statuses: activeInactive,
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "name", link: "show", filterable: true },
    { field: "account_type_name", kind: "enum", filterable: true },
    { field: "parent.name", filterable: true },
    { field: "balance", kind: "money", sortable: false },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "number", order: "asc" },
  search: ["number", "name"],
  indexes: ["number", "account_type_name", "status", "parent_id"],
  computed: ["balance", "fullname"],
  relations: {
    parent: { kind: "belongsTo", resource: "accounts", foreignKey: "parent_id", fields: ["id", "number", "name"] },
    account_transactions: {
      kind: "hasMany", resource: "account_transactions", foreignKey: "account_id",
      fields: ["id", "date", "entry_number", "description", "debit_amount", "credit_amount", "account_transactionable_type", "account_transactionable_id"],
    },
  },
  recordActions: activation(["editAdministrations"]),
  rowActions: [
    { action: "edit", permission: ["editAdministrations"] },
    { action: "delete", permission: ["editAdministrations"], confirm: "confirm.deleteAccount" },
  ],
});
