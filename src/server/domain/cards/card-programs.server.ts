/** The server side of card_programs: the statement close (card-actions.ts). */
import cardPrograms from "../../../../resources/card_programs.js";
import { defineServerModule } from "../../resources/modules.js";
import { closeProgramStatement } from "./card-actions.js";

export default defineServerModule(cardPrograms, { actions: { close_statement: closeProgramStatement } });
