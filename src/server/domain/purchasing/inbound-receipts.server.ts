/** The server side of inbound_receipts: its hooks and receive action (inbound-receipts.ts). */
import inboundReceipts from "../../../../resources/inbound_receipts.js";
import { defineServerModule } from "../../resources/modules.js";
import { inboundReceiptHooks, receiveInbound } from "./inbound-receipts.js";

export default defineServerModule(inboundReceipts, { hooks: inboundReceiptHooks, actions: { receive: receiveInbound } });
