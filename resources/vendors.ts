import { defineResource } from "../src/framework/resource.js";
import { vendorSchema } from "../schemas/vendor.js";
import { deactivation } from "./shared/status_actions.js";
import { documentsOf } from "./shared/documents.js";
import { activitiesOf } from "./shared/activities.js";

export default defineResource({
  name: "vendors",
  kind: "Vendor",
  schema: vendorSchema,
  title: "name",
  module: "vendors_active",
  menu: { group: "vendors", order: 1 },
  routes: { list: "/vendors", show: "/vendors/:vendorID", create: "/vendors/new", edit: "/vendors/:vendorID/edit" },
  permissions: {
    list: ["listVendors", "vendorsListView"],
    show: ["readVendors"],
    create: ["addVendors"],
    edit: ["editVendors"],
    delete: ["deleteVendors"],
  },
  statuses: {
    field: "status",
    values: [
      { code: "NEW", color: "blue" },
      { code: "PENDING", color: "gold" },
      { code: "ACTIVE", color: "green" },
      { code: "INACTIVE", color: "default" },
      { code: "REJECTED", color: "red" },
    ],
  },
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "vendor_id", filterable: true },
    { field: "vendor_type", kind: "enum", filterable: true },
    { field: "term_code", filterable: true },
    { field: "currency_code", filterable: true },
    { field: "invoice_balance", kind: "money", currency: "currency_code", sortable: false },
    { field: "open_po_balance", kind: "money", currency: "currency_code", sortable: false },
    { field: "has_w9", kind: "boolean", hidden: true, filterable: true },
    { field: "tax_id", hidden: true, filterable: true },
    // a likely duplicate (same tax id or normalised name, domain/payables/vendor-duplicates.ts): a warning, not a refusal
    { field: "possible_duplicate_of.name", link: "show", linkResource: "vendors", linkIdField: "possible_duplicate_of_id", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "name", order: "asc" },
  search: ["name", "vendor_id", "tax_id"],
  indexes: ["name", "status", "vendor_id"],
  computed: ["invoice_balance", "open_po_balance"],
  relations: {
    requestor: { kind: "belongsTo", resource: "contacts", foreignKey: "requestor_id", fields: ["id", "first_name", "last_name"] },
    possible_duplicate_of: { kind: "belongsTo", resource: "vendors", foreignKey: "possible_duplicate_of_id", fields: ["id", "name"] },
    invoices: { kind: "hasMany", resource: "invoices", foreignKey: "vendor_id", fields: ["id", "number", "date", "amount", "status", "currency_code"] },
    purchase_orders: { kind: "hasMany", resource: "purchase_orders", foreignKey: "vendor_id", fields: ["id", "number", "date", "amount", "status", "currency_code"] },
    contacts: { kind: "hasMany", resource: "contacts", foreignKey: "vendor_id", fields: ["id", "first_name", "last_name", "email"] },
    documents: documentsOf("Vendor"),
    addresses: { kind: "hasMany", resource: "addresses", foreignKey: "owner_id", where: { owner_type: "Vendor" }, fields: ["id", "label", "address1", "city", "country", "is_primary"] },
    activities: activitiesOf("vendors"),
  },
  approvable: { type: "Vendor", submittable: ["NEW", "REJECTED"], permission: ["addVendors", "editVendors"] },
  approval: {
    type: "Vendor",
    requester: "requestor_id",
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["ACTIVE"] },
    // who gets paid and how: a change of identity or tax details needs a new approval
    restartOn: ["name", "tax_id", "term_code", "currency_code", "vendor_type"],
    // an active vendor's tax or payment data changed: approved again before it is paid
    reapprove: { fields: ["tax_id", "is_1099_eligible", "term_code", "currency_code"], statuses: ["ACTIVE"] },
  },
  // switched on again through the Vendor workflow: its data may have changed while it was INACTIVE
  recordActions: [
    { name: "activate", kind: "post", label: "statusActions.activate", permission: ["editVendors"], when: { status: "INACTIVE" }, to: "PENDING" },
    deactivation(["editVendors"]),
  ],
  rowActions: [
    { action: "edit", permission: ["editVendors"] },
    { action: "delete", permission: ["deleteVendors"], confirm: "confirm.deleteVendor" },
  ],
  // the vendor's own record at this purchaser (its settings page, docs/portal.md "Self-service"): never
  // internal classification, terms, approval data or other vendors
  portal: {
    scope: "id",
    actions: ["list", "show"],
    fields: ["name", "email", "phone", "address1", "city", "state", "zipcode", "country", "tax_id", "has_w9", "currency_code", "status"],
    // self-service (docs/portal.md "Self-service"): contact and address details and the tax id (a changed
    // tax id puts the vendor through the Vendor workflow again); the W-9 as a PDF document. The name is not
    // the vendor's to change: a new legal name is a new W-9 and a staff decision.
    recordActions: [
      {
        name: "update_details", label: "portal.updateDetails",
        input: {
          type: "object", additionalProperties: false,
          properties: {
            email: vendorSchema.properties.email, phone: vendorSchema.properties.phone, address1: vendorSchema.properties.address1,
            city: vendorSchema.properties.city, state: vendorSchema.properties.state, zipcode: vendorSchema.properties.zipcode,
            country: vendorSchema.properties.country, tax_id: vendorSchema.properties.tax_id,
          },
        },
      },
      { name: "upload_w9", label: "portal.uploadW9", file: "required", fileTypes: ["pdf"] },
    ],
  },
});
