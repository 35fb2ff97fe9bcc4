import { defineResource } from "../src/framework/resource.js";
import { accrualSchema } from "../schemas/accrual.js";
import { documentsOf } from "./shared/documents.js";

/**
 * Accruals. Composite ACTIVE = OPEN | APPROVED (booked and still open to invoices). The balance is the
 * server's: amount − the amounts matched by invoices (accrual_invoice_links).
 * Edit only before posting (NEW, PENDING, REJECTED, APPROVED), delete only before approval. The spec names no create or edit path;
 * /accruals/new and /accruals/:accrualID/edit follow the pattern of the other resources, and the spec's
 * only write key, editAccruals, guards create and every action. The cycle (docs/accruals.md): NEW →
 * submit → PENDING → approve → APPROVED → post (journal) → OPEN → match invoices, reverse (or the
 * reversal job on day 1 of the next period when auto_reverse) → close → CLOSED.
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
/** edited until posted: an approved accrual (e.g. booked from a blast, without an account) is completed before it is posted, and approved again (approvables/accrual.ts) */
const unposted = { status: ["NEW", "PENDING", "REJECTED", "APPROVED"] } as const;

/** an invoice of the accrual's vendor and currency, for an amount (default: as much of the invoice as the balance takes) */
const matching = {
  type: "object",
  additionalProperties: false,
  required: ["invoice_id"],
  properties: {
    invoice_id: { type: "integer", "x-references": "invoices", "x-match": { vendor_id: "vendor_id", currency_code: "currency_code" } },
    amount: { type: "string", format: "money", "x-sign": "positive" },
  },
} as const;

/** the journal date of a reversal or a close: today when left out, never before the accrual's date */
const dated = {
  type: "object",
  additionalProperties: false,
  properties: { date: { type: "string", format: "date" } },
} as const;

export default defineResource({
  name: "accruals",
  kind: "Accrual",
  schema: accrualSchema,
  title: "number",
  module: "accruals_active",
  menu: { group: "accruals", order: 1 },
  rowHeight: 50,
  routes: {
    list: "/accruals",
    show: "/accruals/:accrualID",
    create: "/accruals/new",
    edit: "/accruals/:accrualID/edit",
    // made from a purchase order or one of its lines: /accruals/new?poID=… or ?poItemID=… (the server fills the rest)
    views: [
      { path: "/accruals", params: { vendorName: "vendor.name_like" } },
      { path: "/accruals/new", page: "create", params: { poID: "purchase_order_id", poItemID: "po_item_id" } },
    ],
  },
  permissions: {
    list: ["listAccruals"],
    show: ["listAccruals"],
    create: ["editAccruals"],
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
    { field: "posted_on", kind: "date", hidden: true, filterable: true },
    { field: "reversed_on", kind: "date", hidden: true, filterable: true },
    { field: "closed_on", kind: "date", hidden: true, filterable: true },
    { field: "description", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description"],
  indexes: ["number", "vendor_id", "purchase_order_id", "po_item_id", "date", "reversed_on", "status", "amount", "accrual_type", "accrual_request_id", "accrual_blast_id"],
  serverFields: ["balance", "posted_on", "reversed_on", "closed_on"],
  computed: ["currency"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number"] },
    po_item: { kind: "belongsTo", resource: "po_items", foreignKey: "po_item_id", fields: ["id", "line", "description"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    accrual_request: { kind: "belongsTo", resource: "accrual_requests", foreignKey: "accrual_request_id", fields: ["id", "number"] },
    accrual_blast: { kind: "belongsTo", resource: "accrual_blasts", foreignKey: "accrual_blast_id", fields: ["id", "number", "label"] },
    submitter: { kind: "belongsTo", resource: "contacts", foreignKey: "submitter_contact_id", fields: ["id", "first_name", "last_name"] },
    accrual_invoice_links: { kind: "hasMany", resource: "accrual_invoice_links", foreignKey: "accrual_id", fields: ["id", "invoice_id", "amount", "created_at"] },
    documents: documentsOf("Accrual"),
  },
  // reviewed by the approval engine (approvables/accrual.ts: no Accrual workflow, approved at submit);
  // post, reverse and close write the journal (domain/accruals/accrual-ledger.ts)
  approvable: { type: "Accrual", submittable: ["NEW", "REJECTED"], permission: ["editAccruals"] },
  approval: {
    type: "Accrual",
    requester: "submitter_contact_id",
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["APPROVED"] },
    restartOn: ["amount", "vendor_id", "account_number", "subsidiary_id", "date", "currency_code", "purchase_order_id"],
    // what will be posted changed after the approval: approved again before it is posted
    reapprove: { fields: ["amount", "vendor_id", "account_number", "date", "currency_code"], statuses: ["APPROVED"] },
  },
  recordActions: [
    { name: "post", kind: "post", label: "accruals.actions.post", permission: ["editAccruals"], when: { status: "APPROVED" }, confirm: "confirm.postAccrual", idempotent: true },
    {
      name: "reverse", kind: "post", label: "accruals.actions.reverse", permission: ["editAccruals"], when: { status: "OPEN", reversed_on: null },
      confirm: "confirm.reverseAccrual", idempotent: true, input: dated,
    },
    { name: "match", kind: "post", label: "accruals.actions.match", permission: ["editAccruals"], when: { status: "OPEN" }, input: matching },
    { name: "close", kind: "post", label: "accruals.actions.close", permission: ["editAccruals"], when: { status: ["APPROVED", "OPEN"] }, idempotent: true, input: dated },
  ],
  rowActions: [
    { action: "edit", permission: ["editAccruals"], when: unposted },
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
