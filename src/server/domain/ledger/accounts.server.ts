/** The server side of accounts: its hooks (ledger.ts). */
import accounts from "../../../../resources/accounts.js";
import { defineServerModule } from "../../resources/modules.js";
import { accountHooks } from "./ledger.js";

export default defineServerModule(accounts, { hooks: accountHooks });
