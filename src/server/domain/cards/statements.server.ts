/** The server side of statements: its hooks (cards.ts) and the pay action (card-actions.ts). */
import statements from "../../../../resources/statements.js";
import { defineServerModule } from "../../resources/modules.js";
import { payStatement } from "./card-actions.js";
import { statementHooks } from "./cards.js";

export default defineServerModule(statements, { hooks: statementHooks, actions: { pay: payStatement } });
