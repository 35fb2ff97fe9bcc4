import { defineResource } from "../src/framework/resource.js";
import { teamMemberSchema } from "../schemas/team_member.js";

/** A contact's membership of a team: only company contacts, once per team (checked by the server). */
export default defineResource({
  name: "team_members",
  schema: teamMemberSchema,
  title: "contact_id",
  menu: false,
  routes: {},
  permissions: {
    list: ["listUsers"],
    show: ["listUsers", "readUsers"],
    create: ["addTeams"],
    edit: ["addTeams"],
    delete: ["addTeams", "deleteTeams"],
  },
  columns: [
    { field: "team.name", link: "show", linkResource: "teams", linkIdField: "team_id" },
    { field: "contact.first_name" },
    { field: "contact.last_name" },
    { field: "contact.email" },
  ],
  defaultSort: { field: "id", order: "asc" },
  indexes: ["team_id", "contact_id"],
  relations: {
    team: { kind: "belongsTo", resource: "teams", foreignKey: "team_id", fields: ["id", "name"] },
    contact: { kind: "belongsTo", resource: "contacts", foreignKey: "contact_id", fields: ["id", "first_name", "last_name", "email"] },
  },
});
