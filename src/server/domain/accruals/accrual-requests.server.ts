/** The server side of accrual_requests: its hooks and send action (accrual-requests.ts). */
import accrualRequests from "../../../../resources/accrual_requests.js";
import { defineServerModule } from "../../resources/modules.js";
import { accrualRequestHooks, sendRequest } from "./accrual-requests.js";

export default defineServerModule(accrualRequests, { hooks: accrualRequestHooks, actions: { send: sendRequest } });
