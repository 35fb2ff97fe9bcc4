/** The server side of invoices: its hooks (invoices.ts) and the override of matching exceptions (match-overrides.ts). */
import invoices from "../../../../resources/invoices.js";
import { defineServerModule } from "../../resources/modules.js";
import { invoiceHooks } from "./invoices.js";
import { overrideExceptions } from "./match-overrides.js";
import { invoiceApproval } from "../approvals/approvables/invoice.js";

export default defineServerModule(invoices, { approval: invoiceApproval, hooks: invoiceHooks, actions: { override_exceptions: overrideExceptions } });
