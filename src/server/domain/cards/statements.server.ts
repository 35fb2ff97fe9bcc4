/** The server side of statements: its hooks (cards.ts). */
import statements from "../../../../resources/statements.js";
import { defineServerModule } from "../../resources/modules.js";
import { statementHooks } from "./cards.js";

export default defineServerModule(statements, { hooks: statementHooks });
