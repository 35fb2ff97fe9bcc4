/** The server side of budgets: its hooks (budgets.ts). */
import budgets from "../../../../resources/budgets.js";
import { defineServerModule } from "../../resources/modules.js";
import { budgetHooks } from "./budgets.js";

export default defineServerModule(budgets, { hooks: budgetHooks });
