/** The server side of card_transactions: its hooks (cards.ts) and coding (coding.ts). */
import cardTransactions from "../../../../resources/card_transactions.js";
import { defineServerModule } from "../../resources/modules.js";
import { cardTransactionHooks } from "./cards.js";
import { codeTransaction } from "./coding.js";

export default defineServerModule(cardTransactions, { hooks: cardTransactionHooks, actions: { code: codeTransaction } });
