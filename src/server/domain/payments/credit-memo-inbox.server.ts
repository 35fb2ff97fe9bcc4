/** The credit-memo inbox: credits keyed in from the vendor's document are created NEW (payments/credit-memos.ts). */
import creditMemoInbox from "../../../../resources/credit_memo_inbox.js";
import { defineServerModule } from "../../resources/modules.js";
import { creditHooks } from "./credit-memos.js";

export default defineServerModule(creditMemoInbox, { hooks: creditHooks("NEW") });
