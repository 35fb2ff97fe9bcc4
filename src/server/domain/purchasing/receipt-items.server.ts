/** The server side of receipt_items: its hooks (receipts.ts). */
import receiptItems from "../../../../resources/receipt_items.js";
import { defineServerModule } from "../../resources/modules.js";
import { receiptItemHooks } from "./receipts.js";

export default defineServerModule(receiptItems, { hooks: receiptItemHooks });
