/** The server side of receipts: its hooks (receipts.ts). */
import receipts from "../../../../resources/receipts.js";
import { defineServerModule } from "../../resources/modules.js";
import { receiptHooks } from "./receipts.js";

export default defineServerModule(receipts, { hooks: receiptHooks });
