import { defineResource } from "../src/framework/resource.js";
import { customLabelSchema } from "../schemas/custom_label.js";
import { activeInactive } from "./teams.js";
import { activation } from "./shared/status_actions.js";

/**
 * The company's own names for record kinds. GET /api/custom_labels?status=ACTIVE&hashify=true answers
 * with a map { name: { singular, plural } } (spec data call); every signed-in user may read them.
 */
export default defineResource({
  name: "custom_labels",
  schema: customLabelSchema,
  title: "name",
  menu: { group: "admin", order: 12 },
  routes: { list: "/custom_labels", show: "/custom_labels/:customLabelID", create: "/custom_labels/new", edit: "/custom_labels/:customLabelID/edit" },
  permissions: {
    list: [],
    show: [],
    create: ["allowCompanySettings"],
    edit: ["allowCompanySettings"],
    delete: ["allowCompanySettings"],
  },
  statuses: activeInactive,
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "singular", filterable: true },
    { field: "plural", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "name", order: "asc" },
  search: ["name", "singular", "plural"],
  indexes: ["status"],
  recordActions: activation(["allowCompanySettings"]),
  rowActions: [
    { action: "edit", permission: ["allowCompanySettings"] },
    { action: "delete", permission: ["allowCompanySettings"], confirm: "confirm.deleteCustomLabel" },
  ],
});
