import { defineResource } from "../src/framework/resource.js";
import { contactSchema } from "../schemas/contact.js";
import { contactStatuses } from "./contacts.js";
import { activation } from "./shared/status_actions.js";

/** What a vendor gives about a contact of its own: names, e-mail, phone, the vendor roles (whom requests go to). */
const ownContactInput = {
  type: "object",
  additionalProperties: false,
  properties: {
    first_name: contactSchema.properties.first_name, last_name: contactSchema.properties.last_name, email: contactSchema.properties.email,
    phone: contactSchema.properties.phone, vendor_roles: contactSchema.properties.vendor_roles,
  },
} as const;

/**
 * The vendor contact list (data-spec "Contact"): contacts of vendors. contact_id is the contact's id
 * and company_name its vendor's name. Only contacts the company entered (source COMPANY) may be edited.
 * Staff path /vendor_contacts; the portal's /vendor_portal/vendor_contacts shows a vendor its own.
 */
export default defineResource({
  name: "vendor_contacts",
  table: "contacts",
  baseFilter: { contact_type: "VENDOR" },
  schema: contactSchema,
  title: "last_name",
  nameFields: ["first_name", "last_name"],
  module: "vendors_active",
  menu: { group: "vendors", order: 3 },
  routes: { list: "/vendor_contacts", show: "/vendor_contacts/:contactID", edit: "/vendor_contacts/:contactID/edit" },
  permissions: {
    list: ["listContacts"],
    show: ["readContacts"],
    edit: ["editContacts"],
  },
  statuses: contactStatuses,
  columns: [
    { field: "contact_id", kind: "number", link: "show", sortable: false },
    { field: "first_name", link: "show", filterable: true },
    { field: "last_name", filterable: true },
    { field: "email", filterable: true },
    { field: "company_name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", sortable: false },
    { field: "vendor.name", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
    { field: "source", kind: "enum", filterable: true },
  ],
  defaultSort: { field: "last_name", order: "asc" },
  search: ["first_name", "last_name", "email"],
  serverFields: ["user_id", "role", "contact_type", "source", "company_roles"],
  computed: ["contact_id", "company_name"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
  },
  recordActions: activation(["editContacts"]),
  rowActions: [{ action: "edit", permission: ["editContacts"], when: { source: "COMPANY" } }],
  // the vendor's view (docs/portal.md): its own contacts' names and addresses; never their company roles, users or managers
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: ["first_name", "last_name", "email", "phone", "status", "vendor_roles", "source"],
    // the vendor keeps its own contacts (source VENDOR), as staff keep the ones the company entered (source COMPANY):
    // no sign-in roles, company roles or managers; another vendor's contact is a 404 (domain/admin/vendor-own-contacts.ts)
    recordActions: [
      { name: "add", label: "portal.addContact", collection: true, input: { ...ownContactInput, required: ["first_name", "last_name"] } },
      { name: "edit_contact", label: "portal.editContact", when: { source: "VENDOR" }, input: ownContactInput },
      { name: "deactivate", label: "statusActions.deactivate", when: { source: "VENDOR", status: "ACTIVE" } },
    ],
  },
});
