import { defineResource } from "../src/framework/resource.js";
import { addressSchema } from "../schemas/address.js";

/**
 * Addresses of the company, its vendors and contacts. The spec's create path is
 * /addresses/new/{companyID}: the parameter prefills the owner (owner_type defaults to Company). Writing an address needs the key of its owner's kind
 * (Company: allowCompanySettings, Vendor: editVendors, Contact: editContacts), checked by the server;
 * one address per owner is primary.
 */
export default defineResource({
  name: "addresses",
  schema: addressSchema,
  title: "address1",
  menu: { group: "admin", order: 8 },
  routes: {
    list: "/addresses",
    show: "/addresses/:addressID",
    create: "/addresses/new/:companyID",
    edit: "/addresses/edit_address/:addressID",
    views: [{ path: "/addresses/new/:companyID", page: "create", params: { companyID: "owner_id" } }],
  },
  permissions: {
    list: ["readSettings", "readcompanyProfile", "readVendors", "readContacts"],
    show: ["readSettings", "readcompanyProfile", "readVendors", "readContacts"],
    create: ["allowCompanySettings", "editVendors", "editContacts"],
    edit: ["allowCompanySettings", "editVendors", "editContacts"],
    delete: ["allowCompanySettings", "editVendors", "editContacts"],
  },
  columns: [
    { field: "label", link: "show", filterable: true },
    { field: "address1", filterable: true },
    { field: "city", filterable: true },
    { field: "state", filterable: true },
    { field: "zipcode", hidden: true, filterable: true },
    { field: "country", filterable: true },
    { field: "owner_type", kind: "enum", filterable: true },
    { field: "owner_name", sortable: false },
    { field: "is_primary", kind: "boolean", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["label", "address1", "city", "zipcode"],
  indexes: [["owner_type", "owner_id"], "city", "country"],
  computed: ["owner_name"],
  rowActions: [
    { action: "edit", permission: ["allowCompanySettings", "editVendors", "editContacts"] },
    { action: "delete", permission: ["allowCompanySettings", "editVendors", "editContacts"], when: { is_primary: false }, confirm: "confirm.deleteAddress" },
  ],
});
