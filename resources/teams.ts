import { defineResource } from "../src/framework/resource.js";
import { teamSchema } from "../schemas/team.js";
import { activation } from "./shared/status_actions.js";

export const activeInactive = {
  field: "status",
  values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }],
} as const;

/**
 * Teams of company contacts (approver_type TEAM in workflows). The spec names only /teams; the show,
 * create and edit paths are ours. Members are team_members rows, shown on the team.
 */
export default defineResource({
  name: "teams",
  schema: teamSchema,
  title: "name",
  menu: { group: "admin", order: 2 },
  routes: { list: "/teams", show: "/teams/:teamID", create: "/teams/new", edit: "/teams/:teamID/edit" },
  permissions: {
    list: ["listUsers"],
    show: ["listUsers", "readUsers"],
    create: ["addTeams"],
    edit: ["addTeams"],
    delete: ["deleteTeams"],
  },
  statuses: activeInactive,
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "description", filterable: true },
    { field: "member_names", sortable: false },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "name", order: "asc" },
  search: ["name", "description"],
  indexes: ["status"],
  computed: ["member_names", "member_count"],
  relations: {
    team_members: { kind: "hasMany", resource: "team_members", foreignKey: "team_id", fields: ["id", "contact_id"] },
  },
  lines: [{ relation: "team_members", fields: ["contact_id"] }],
  recordActions: activation(["addTeams"]),
  rowActions: [
    { action: "edit", permission: ["addTeams"] },
    { action: "delete", permission: ["deleteTeams"], confirm: "confirm.deleteTeam" },
  ],
});
