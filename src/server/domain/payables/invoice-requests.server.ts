/** The server side of invoice_requests: its hooks (invoice-requests.ts). */
import invoiceRequests from "../../../../resources/invoice_requests.js";
import { defineServerModule } from "../../resources/modules.js";
import { invoiceRequestHooks } from "./invoice-requests.js";

export default defineServerModule(invoiceRequests, { hooks: invoiceRequestHooks });
