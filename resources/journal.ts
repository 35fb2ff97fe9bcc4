import { defineResource } from "../src/framework/resource.js";
import { accountTransactionSchema } from "../schemas/account_transaction.js";
import { accountTransactionColumns } from "./account_transactions.js";

/** The journal (spec /journal): the account transactions by entry, under the administrators' guard. */
export default defineResource({
  name: "journal",
  table: "account_transactions",
  schema: accountTransactionSchema,
  title: "entry_number",
  menu: { group: "accounting", order: 1 },
  routes: { list: "/journal", show: "/journal/:transactionID" },
  permissions: { list: ["listAdministrations"], show: ["listAdministrations", "readAdministrations"] },
  columns: accountTransactionColumns,
  defaultSort: { field: "entry_number", order: "desc" },
  search: ["entry_number", "description"],
  computed: ["account_fullname", "account_number", "account_name", "amount", "source_number"],
  relations: {
    account: { kind: "belongsTo", resource: "accounts", foreignKey: "account_id", fields: ["id", "number", "name"] },
  },
});
