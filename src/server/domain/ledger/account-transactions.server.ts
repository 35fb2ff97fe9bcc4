/** The server side of account_transactions: its hooks (ledger.ts). */
import accountTransactions from "../../../../resources/account_transactions.js";
import { defineServerModule } from "../../resources/modules.js";
import { accountTransactionHooks } from "./ledger.js";

export default defineServerModule(accountTransactions, { hooks: accountTransactionHooks });
