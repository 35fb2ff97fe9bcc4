import { defineResource } from "../src/framework/resource.js";
import { accountTransactionSchema } from "../schemas/account_transaction.js";

/**
 * Journal lines, read-only through the API: the server's domain code posts them (see
 * src/server/domain/ledger/ledger.ts). account_fullname/number/name come from the account; `amount` is
 * debit − credit; `source_number` is the number of the posted record.
 */
export const accountTransactionColumns = [
  { field: "date", kind: "date", filterable: true },
  { field: "entry_number", filterable: true },
  { field: "account_fullname", link: "show", linkResource: "accounts", linkIdField: "account_id", sortable: false },
  { field: "account.number", hidden: true, filterable: true },
  { field: "account.name", hidden: true, filterable: true },
  { field: "description", filterable: true },
  { field: "debit_amount", kind: "money", total: true, filterable: true },
  { field: "credit_amount", kind: "money", total: true, filterable: true },
  { field: "account_transactionable_type", kind: "enum", filterable: true },
  { field: "source_number", sortable: false },
] as const;

export default defineResource({
  name: "account_transactions",
  schema: accountTransactionSchema,
  title: "entry_number",
  menu: { group: "accounting", order: 3 },
  routes: { list: "/account_transactions", show: "/account_transactions/:transactionID" },
  permissions: { list: ["view2Transactions"], show: ["view2Transactions"] },
  columns: accountTransactionColumns,
  defaultSort: { field: "date", order: "desc" },
  search: ["entry_number", "description"],
  indexes: ["date", "entry_number", "account_id", ["account_transactionable_type", "account_transactionable_id"]],
  computed: ["account_fullname", "account_number", "account_name", "amount", "source_number"],
  relations: {
    account: { kind: "belongsTo", resource: "accounts", foreignKey: "account_id", fields: ["id", "number", "name"] },
  },
});
