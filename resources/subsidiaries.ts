import { defineResource } from "../src/framework/resource.js";
import { subsidiarySchema } from "../schemas/subsidiary.js";
import { activation } from "./shared/status_actions.js";

export default defineResource({
  name: "subsidiaries",
  schema: subsidiarySchema,
  title: "name",
  menu: { group: "admin", order: 5 },
  routes: { list: "/subsidiaries", show: "/subsidiaries/:subsidiaryID", create: "/subsidiaries/new", edit: "/subsidiaries/:subsidiaryID/edit" },
  permissions: {
    list: ["listAdministrations", "readSubsidiaries"],
    show: ["readSubsidiaries", "readAdministrations"],
    create: ["addSubsidiaries"],
    edit: ["addSubsidiaries"],
    delete: ["deleteSubsidiaries"],
  },
  statuses: { field: "status", values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }] },
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "external_id", filterable: true },
    { field: "sub_type", kind: "enum", filterable: true },
    { field: "country", filterable: true },
    { field: "currency_code", filterable: true },
    { field: "exchange_rate", kind: "number" },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "name", order: "asc" },
  search: ["name", "external_id"],
  indexes: ["name"],
  recordActions: activation(["addSubsidiaries"]),
  rowActions: [
    { action: "edit", permission: ["addSubsidiaries"] },
    { action: "delete", permission: ["deleteSubsidiaries"], confirm: "confirm.deleteSubsidiary" },
  ],
});
