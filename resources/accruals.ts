import { defineResource } from "../src/framework/resource.js";
import { accrualSchema } from "../schemas/accrual.js";
import { documentsOf } from "./shared/documents.js";

/**
 * Accruals. Composite ACTIVE = OPEN | APPROVED (booked and still open to invoices). The balance is the
 * server's: amount − the amounts matched by invoices (accrual_invoice_links).
 * Edit and delete only before booking (NEW, PENDING, REJECTED). The spec names no edit path; the row
 * action needs one, so /accruals/:accrualID/edit follows the pattern of the other resources.
 */
export const accrualStatuses = {
  field: "status",
  values: [
    { code: "NEW", color: "blue" },
    { code: "PENDING", color: "gold" },
    { code: "APPROVED", color: "cyan" },
    { code: "OPEN", color: "geekblue" },
    { code: "CLOSED", color: "default" },
    { code: "REJECTED", color: "red" },
  ],
  composites: { ACTIVE: ["OPEN", "APPROVED"] },
} as const;

const unbooked = { status: ["NEW", "PENDING", "REJECTED"] } as const;

export default defineResource({
  name: "accruals",
  schema: accrualSchema,
  title: "number",
  module: "accruals_active",
  menu: { group: "accruals", order: 1 },
  rowHeight: 50,
  routes: {
    list: "/accruals",
    show: "/accruals/:accrualID",
    edit: "/accruals/:accrualID/edit",
    views: [{ path: "/accruals", params: { vendorName: "vendor.name_like" } }],
  },
  permissions: {
    list: ["listAccruals"],
    show: ["listAccruals"],
    edit: ["editAccruals"],
    delete: ["deleteAccruals"],
  },
  statuses: accrualStatuses,
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "purchase_order.number", link: "show", linkResource: "purchase_orders", linkIdField: "purchase_order_id", filterable: true },
    { field: "date", kind: "date", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "balance", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "accrual_type", kind: "enum", filterable: true },
    { field: "auto_reverse", kind: "boolean", hidden: true, filterable: true },
    { field: "account_number", hidden: true, filterable: true },
    { field: "subsidiary.name", hidden: true, filterable: true },
    { field: "submitter_type", kind: "enum", hidden: true, filterable: true },
    { field: "is_system_error", kind: "boolean", hidden: true, filterable: true },
    { field: "description", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description"],
  indexes: ["number", "vendor_id", "purchase_order_id", "date", "status", "amount", "accrual_type", "accrual_request_id", "accrual_blast_id"],
  serverFields: ["balance"],
  computed: ["currency"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    accrual_request: { kind: "belongsTo", resource: "accrual_requests", foreignKey: "accrual_request_id", fields: ["id", "number"] },
    accrual_blast: { kind: "belongsTo", resource: "accrual_blasts", foreignKey: "accrual_blast_id", fields: ["id", "number", "label"] },
    submitter: { kind: "belongsTo", resource: "contacts", foreignKey: "submitter_contact_id", fields: ["id", "first_name", "last_name"] },
    accrual_invoice_links: { kind: "hasMany", resource: "accrual_invoice_links", foreignKey: "accrual_id", fields: ["id", "invoice_id", "amount"] },
    documents: documentsOf("Accrual"),
  },
  // accruals have no approval workflow yet: their review is these declared transitions, never a status edit
  recordActions: [
    { name: "submit", kind: "post", label: "statusActions.submit", permission: ["editAccruals"], when: { status: ["NEW", "REJECTED"] }, to: "PENDING" },
    { name: "approve", kind: "post", label: "statusActions.approve", permission: ["editAccruals"], when: { status: "PENDING" }, to: "APPROVED" },
    { name: "reject", kind: "post", label: "statusActions.reject", permission: ["editAccruals"], when: { status: "PENDING" }, to: "REJECTED", danger: true },
  ],
  rowActions: [
    { action: "edit", permission: ["editAccruals"], when: unbooked },
    { action: "delete", permission: ["deleteAccruals"], when: unbooked, confirm: "confirm.deleteAccrual" },
  ],
  // the vendor's view (docs/portal.md): its accruals' numbers, dates, amounts and status; never the GL account or internal flags
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: [
      "number", "date", "amount", "balance", "currency_code", "currency", "status", "description", "submitter_type",
      "purchase_order.number", "accrual_request.number",
    ],
  },
});
