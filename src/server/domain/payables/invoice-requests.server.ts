/** The server side of invoice_requests: its hooks (invoice-requests.ts) and the vendor's submit_invoice (invoice-submission.ts). */
import invoiceRequests from "../../../../resources/invoice_requests.js";
import { defineServerModule } from "../../resources/modules.js";
import { invoiceRequestHooks } from "./invoice-requests.js";
import { submitInvoice } from "./invoice-submission.js";

export default defineServerModule(invoiceRequests, { hooks: invoiceRequestHooks, portalActions: { submit_invoice: submitInvoice } });
