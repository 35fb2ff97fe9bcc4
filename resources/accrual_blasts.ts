import { defineResource } from "../src/framework/resource.js";
import { accrualBlastSchema } from "../schemas/accrual_blast.js";
import { activation } from "./shared/status_actions.js";

const addKeys = ["addAccrualBlasts", "addAccrualsBlast"] as const;

/**
 * Accrual blasts (campaigns). stats_vendor_count (vendors in the blast), stats_accrual_response
 * (vendors that answered) and accruals_booked_amount (booked accruals of the blast: APPROVED, OPEN,
 * CLOSED) are computed on read. A blast can be deleted only while it has no vendors (data-spec 5).
 * The edit and duplicate paths carry the blast's accrual_option after its id.
 */
export default defineResource({
  name: "accrual_blasts",
  schema: accrualBlastSchema,
  title: "number",
  module: "accruals_active",
  menu: { group: "accruals", order: 5 },
  routes: {
    list: "/accrual_blasts",
    show: "/accrual_blasts/:accrualBlastID",
    create: "/accrual_blasts/new/:accrual_option",
    edit: "/accrual_blasts/edit/:accrual_blast_id/:accrual_option",
    duplicate: "/accrual_blasts/new/:accrualBlastID/:accrual_option",
  },
  permissions: {
    list: ["listAccrualBlasts", "listAccrualsBlast"],
    show: ["readAccrualBlasts", "readAccrualsBlast"],
    create: addKeys,
    edit: addKeys,
    delete: ["deleteAccrualsBlast", "deleteAccrualBlasts"],
  },
  statuses: {
    field: "status",
    values: [
      { code: "ACTIVE", color: "green" },
      { code: "INACTIVE", color: "default" },
      { code: "CLOSED", color: "gold" },
      { code: "BOOKED", color: "blue" },
    ],
  },
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "label", filterable: true },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "start_date", kind: "date", filterable: true },
    { field: "end_date", kind: "date", filterable: true },
    { field: "close_date", kind: "date", filterable: true },
    { field: "booker_name", sortable: false, filterable: false },
    { field: "stats_vendor_count", kind: "number", sortable: false, filterable: false },
    { field: "stats_accrual_response", kind: "number", sortable: false, filterable: false },
    { field: "accruals_booked_amount", kind: "money", sortable: false, filterable: false },
    { field: "accrual_option", kind: "enum", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "label"],
  indexes: ["number", "label", "status", "start_date", "end_date", "close_date", "created_at"],
  serverFields: ["number"],
  computed: ["stats_vendor_count", "stats_accrual_response", "accruals_booked_amount", "booker_name"],
  relations: {
    booker: { kind: "belongsTo", resource: "contacts", foreignKey: "booker_contact_id", fields: ["id", "first_name", "last_name"] },
    // read: the vendor by name and its answer (the lines are read decorated, with their vendor and accrual)
    accrual_entries: { kind: "hasMany", resource: "accrual_entries", foreignKey: "accrual_blast_id", fields: ["id", "vendor.name", "status", "response_amount", "accrual.number"] },
  },
  lines: [{ relation: "accrual_entries", fields: ["vendor_id"] }],
  // switched on and off, or closed to vendors, by declared transitions (BOOKED is the server's)
  recordActions: [
    ...activation(addKeys),
    { name: "close", kind: "post", label: "statusActions.close", permission: addKeys, when: { status: ["ACTIVE", "INACTIVE"] }, to: "CLOSED", confirm: "confirm.close" },
    // e-mails an accrual request to each vendor not yet asked; booking turns the answers into accruals (docs/portal.md)
    { name: "send", kind: "post", label: "accrual_blasts.actions.send", permission: addKeys, when: { status: "ACTIVE" }, confirm: "confirm.sendAccrualBlast" },
    { name: "book", kind: "post", label: "accrual_blasts.actions.book", permission: addKeys, when: { status: ["ACTIVE", "INACTIVE", "CLOSED"] }, confirm: "confirm.bookAccrualBlast" },
  ],
  rowActions: [
    { action: "edit", permission: addKeys },
    { action: "duplicate", permission: addKeys },
    { action: "delete", permission: ["deleteAccrualsBlast", "deleteAccrualBlasts"], when: { stats_vendor_count: 0 }, confirm: "confirm.deleteAccrualBlast" },
  ],
});
