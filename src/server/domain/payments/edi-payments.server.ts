/** The server side of edi_payments: its hooks (payments.ts). */
import ediPayments from "../../../../resources/edi_payments.js";
import { defineServerModule } from "../../resources/modules.js";
import { currencyHooks } from "./payments.js";

export default defineServerModule(ediPayments, { hooks: currencyHooks });
