/** The server side of accrual_entries: its hooks (accrual-blasts.ts). */
import accrualEntries from "../../../../resources/accrual_entries.js";
import { defineServerModule } from "../../resources/modules.js";
import { accrualEntryHooks } from "./accrual-blasts.js";

export default defineServerModule(accrualEntries, { hooks: accrualEntryHooks });
