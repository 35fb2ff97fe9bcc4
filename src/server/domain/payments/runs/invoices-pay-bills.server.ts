/** The server side of invoices_pay_bills (a view of invoices with its own list parameters): its hooks (runs/hooks.ts). */
import invoicesPayBills from "../../../../../resources/invoices_pay_bills.js";
import { defineServerModule } from "../../../resources/modules.js";
import { payBillsHooks } from "./hooks.js";

export default defineServerModule(invoicesPayBills, { hooks: payBillsHooks });
