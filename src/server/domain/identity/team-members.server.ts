/** The server side of team_members: its hooks (teams.ts). */
import teamMembers from "../../../../resources/team_members.js";
import { defineServerModule } from "../../resources/modules.js";
import { teamMemberHooks } from "./teams.js";

export default defineServerModule(teamMembers, { hooks: teamMemberHooks });
