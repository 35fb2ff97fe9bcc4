/** The server side of accruals: its hooks (accruals.ts). */
import accruals from "../../../../resources/accruals.js";
import { defineServerModule } from "../../resources/modules.js";
import { accrualHooks } from "./accruals.js";

export default defineServerModule(accruals, { hooks: accrualHooks });
