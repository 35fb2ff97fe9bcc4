/** The server side of invoice_items: its hooks (invoice-items.ts). */
import invoiceItems from "../../../../resources/invoice_items.js";
import { defineServerModule } from "../../resources/modules.js";
import { invoiceItemHooks } from "./invoice-items.js";

export default defineServerModule(invoiceItems, { hooks: invoiceItemHooks });
