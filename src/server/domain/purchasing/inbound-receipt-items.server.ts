/** The server side of inbound_receipt_items: its hooks (inbound-receipts.ts). */
import inboundReceiptItems from "../../../../resources/inbound_receipt_items.js";
import { defineServerModule } from "../../resources/modules.js";
import { inboundReceiptItemHooks } from "./inbound-receipts.js";

export default defineServerModule(inboundReceiptItems, { hooks: inboundReceiptItemHooks });
