/** Credit-memo drafts: created DRAFT (payments/credit-memos.ts); to_inbox moves one to the inbox. */
import creditMemoDraft from "../../../../resources/credit_memo_draft.js";
import { defineServerModule } from "../../resources/modules.js";
import { creditHooks } from "./credit-memos.js";

export default defineServerModule(creditMemoDraft, { hooks: creditHooks("DRAFT") });
