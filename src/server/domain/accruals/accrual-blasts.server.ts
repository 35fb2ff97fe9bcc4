/** The server side of accrual_blasts: its hooks (accrual-blasts.ts) and its send and book actions (accrual-blast-actions.ts). */
import accrualBlasts from "../../../../resources/accrual_blasts.js";
import { defineServerModule } from "../../resources/modules.js";
import { bookBlast, sendBlast } from "./accrual-blast-actions.js";
import { accrualBlastHooks } from "./accrual-blasts.js";

export default defineServerModule(accrualBlasts, { hooks: accrualBlastHooks, actions: { send: sendBlast, book: bookBlast } });
