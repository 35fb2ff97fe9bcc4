/** The server side of accrual_blasts: its hooks (accrual-blasts.ts). */
import accrualBlasts from "../../../../resources/accrual_blasts.js";
import { defineServerModule } from "../../resources/modules.js";
import { accrualBlastHooks } from "./accrual-blasts.js";

export default defineServerModule(accrualBlasts, { hooks: accrualBlastHooks });
