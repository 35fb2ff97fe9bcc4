/** The server side of expense_items: its hooks (expense-items.ts). */
import expenseItems from "../../../../resources/expense_items.js";
import { defineServerModule } from "../../resources/modules.js";
import { expenseItemHooks } from "./expense-items.js";

export default defineServerModule(expenseItems, { hooks: expenseItemHooks });
