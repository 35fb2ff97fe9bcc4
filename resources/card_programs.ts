/**
 * Card programs, listed on the card settings screen /vcards/card_program_settings/. The path is
 * declared as the spec writes it, trailing slash included: the client's router matches it with or
 * without the slash, and it outranks /vcards/:vcardID because its second segment is static.
 * Programs have no screen of their own to show or edit (the API offers both to card administrators).
 */
import { defineResource } from "../src/framework/resource.js";
import { cardProgramSchema } from "../schemas/card_program.js";
import { activation } from "./shared/status_actions.js";

export default defineResource({
  name: "card_programs",
  schema: cardProgramSchema,
  title: "name",
  module: "virtual_cards_active",
  menu: { group: "cards", order: 6 },
  routes: { list: "/vcards/card_program_settings/" },
  permissions: {
    list: ["listVCards"],
    show: ["readVCards"],
    create: ["editVCards"],
    edit: ["editVCards"],
  },
  statuses: {
    field: "status",
    values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }],
  },
  columns: [
    { field: "name", filterable: true },
    { field: "external_id", filterable: true },
    { field: "program_type", kind: "enum", filterable: true },
    { field: "account_id", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  recordActions: [
    ...activation(["editVCards"]),
    // the program's cleared spend up to the close date summed into a statement (docs/cards.md); ticked programs on the list
    {
      name: "close_statement", kind: "post", label: "statusActions.closeStatement", permission: ["editVCards"], bulk: true,
      input: { type: "object", additionalProperties: false, required: ["close_date"], properties: { close_date: { type: "string", format: "date" } } },
    },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["name", "external_id", "account_id"],
  indexes: ["name", "external_id", "program_type", "account_id", "status"],
  relations: {
    virtual_cards: { kind: "hasMany", resource: "virtual_cards", foreignKey: "card_program_id", fields: ["id", "last4", "card_type", "amount", "status"] },
  },
});
