/** The server side of accrual_invoice_links: its hooks (accruals.ts). */
import accrualInvoiceLinks from "../../../../resources/accrual_invoice_links.js";
import { defineServerModule } from "../../resources/modules.js";
import { accrualInvoiceLinkHooks } from "./accruals.js";

export default defineServerModule(accrualInvoiceLinks, { hooks: accrualInvoiceLinkHooks });
