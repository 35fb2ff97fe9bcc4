import { defineResource } from "../src/framework/resource.js";
import { categorySchema } from "../schemas/category.js";
import { activeInactive } from "./teams.js";
import { activation } from "./shared/status_actions.js";

/** Expense categories (a tree). The GL account number must be in the chart of accounts (checked by the server). */
export default defineResource({
  name: "categories",
  schema: categorySchema,
  title: "name",
  menu: { group: "admin", order: 6 },
  routes: { list: "/categories", show: "/categories/:categoryID", create: "/categories/new", edit: "/categories/:categoryID/edit" },
  permissions: {
    list: ["listAdministrations", "listCategories"],
    show: ["listAdministrations", "listCategories"],
    create: ["editAdministrations"],
    edit: ["editAdministrations"],
    delete: ["editAdministrations"],
  },
  statuses: activeInactive,
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "icon", kind: "enum", filterable: true },
    { field: "parent.name", filterable: true },
    { field: "gl_account_number", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "name", order: "asc" },
  search: ["name", "gl_account_number"],
  indexes: ["name", "parent_id", "status"],
  relations: {
    parent: { kind: "belongsTo", resource: "categories", foreignKey: "parent_id", fields: ["id", "name"] },
    children: { kind: "hasMany", resource: "categories", foreignKey: "parent_id", fields: ["id", "name", "icon", "status"] },
  },
  recordActions: activation(["editAdministrations"]),
  rowActions: [
    { action: "edit", permission: ["editAdministrations"] },
    { action: "delete", permission: ["editAdministrations"], confirm: "confirm.deleteCategory" },
  ],
});
