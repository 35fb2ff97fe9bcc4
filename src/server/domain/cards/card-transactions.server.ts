/** The server side of card_transactions: its hooks (cards.ts). */
import cardTransactions from "../../../../resources/card_transactions.js";
import { defineServerModule } from "../../resources/modules.js";
import { cardTransactionHooks } from "./cards.js";

export default defineServerModule(cardTransactions, { hooks: cardTransactionHooks });
