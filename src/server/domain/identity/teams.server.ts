/** The server side of teams: its hooks (teams.ts). */
import teams from "../../../../resources/teams.js";
import { defineServerModule } from "../../resources/modules.js";
import { teamHooks } from "./teams.js";

export default defineServerModule(teams, { hooks: teamHooks });
