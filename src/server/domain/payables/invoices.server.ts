/** The server side of invoices: its hooks (invoices.ts). */
import invoices from "../../../../resources/invoices.js";
import { defineServerModule } from "../../resources/modules.js";
import { invoiceHooks } from "./invoices.js";

export default defineServerModule(invoices, { hooks: invoiceHooks });
