import { defineResource } from "../src/framework/resource.js";
import { contactSchema } from "../schemas/contact.js";
import { activation } from "./shared/status_actions.js";

export const contactStatuses = {
  field: "status",
  values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }, { code: "INVITED", color: "blue" }],
} as const;

export default defineResource({
  name: "contacts",
  kind: "Contact",
  schema: contactSchema,
  title: "last_name",
  nameFields: ["first_name", "last_name"],
  menu: { group: "vendors", order: 2 },
  routes: {
    list: "/contacts",
    show: "/contacts/:contactID",
    create: "/contacts/new",
    edit: "/edit_contact/:contactID",
    views: [{ path: "/contacts", params: { vendorName: "vendor.name_like" } }],
  },
  permissions: {
    list: ["listContacts"],
    show: ["readContacts", "readUsers"],
    create: ["addContacts"],
    edit: ["editContacts"],
    delete: ["editContacts"],
  },
  statuses: contactStatuses,
  columns: [
    { field: "first_name", link: "show", filterable: true },
    { field: "last_name", link: "show", filterable: true },
    { field: "email", filterable: true },
    { field: "contact_type", kind: "enum", filterable: true },
    { field: "vendor.name", filterable: true },
    { field: "source", kind: "enum", hidden: true, filterable: true },
    // the sign-in role, a code of framework/roles.ts: shown by its label
    { field: "role", kind: "enum", codes: "roles", hidden: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "last_name", order: "asc" },
  search: ["first_name", "last_name", "email"],
  indexes: ["last_name", "vendor_id", "user_id", "email"],
  serverFields: ["user_id", "role"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    manager: { kind: "belongsTo", resource: "contacts", foreignKey: "manager_id", fields: ["id", "first_name", "last_name"] },
  },
  recordActions: activation(["editContacts"]),
  rowActions: [
    { action: "edit", permission: ["editContacts"], when: { source: "COMPANY" } },
  ],
});
