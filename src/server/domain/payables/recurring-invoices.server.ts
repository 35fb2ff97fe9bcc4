/** The server side of recurring_invoices: its hooks (recurring-invoices.ts). */
import recurringInvoices from "../../../../resources/recurring_invoices.js";
import { defineServerModule } from "../../resources/modules.js";
import { recurringInvoiceHooks } from "./recurring-invoices.js";

export default defineServerModule(recurringInvoices, { hooks: recurringInvoiceHooks });
