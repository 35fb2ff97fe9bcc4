/** The server side of payment_methods: its hooks (payment-methods.ts). */
import paymentMethods from "../../../../resources/payment_methods.js";
import { defineServerModule } from "../../resources/modules.js";
import { paymentMethodHooks } from "./payment-methods.js";

export default defineServerModule(paymentMethods, { hooks: paymentMethodHooks });
