import { defineResource } from "../src/framework/resource.js";
import { accrualAnswerSchema, accrualRequestSchema } from "../schemas/accrual_request.js";

/** asking a vendor for an accrual on its own: the keys that ask vendors in a blast (product-spec 6 names none of its own) */
export const askKeys = ["addAccrualBlasts", "addAccrualsBlast"] as const;

/**
 * Accrual requests sent to vendors. Statuses (ours; the spec names none): NEW (not sent), SENT,
 * SUBMITTED (the vendor answered: an amount kept until booked — by its blast, or by its own `book` for a
 * request made on its own — or no_accrual_needed), CLOSED (booked; no more answers). Sending and answering: docs/portal.md "Accrual requests".
 * Composite OPEN = NEW | SENT (still waiting for the vendor).
 */
export const accrualRequestStatuses = {
  field: "status",
  values: [
    { code: "NEW", color: "blue" },
    { code: "SENT", color: "gold" },
    { code: "SUBMITTED", color: "green" },
    { code: "CLOSED", color: "default" },
  ],
  composites: { OPEN: ["NEW", "SENT"] },
} as const;

export const accrualRequestColumns = [
  { field: "number", link: "show", linkResource: "accrual_requests", linkIdField: "id", filterable: true },
  { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
  { field: "purchaser_name", sortable: false, filterable: false },
  { field: "created_at", kind: "datetime", filterable: true },
  { field: "service_date", kind: "date", filterable: true },
  { field: "start_date", kind: "date", hidden: true, filterable: true },
  { field: "end_date", kind: "date", hidden: true, filterable: true },
  { field: "message_status", kind: "enum", filterable: true },
  { field: "accrual.number", link: "show", linkResource: "accruals", linkIdField: "accrual_id", filterable: true },
  { field: "no_accrual_needed", kind: "boolean", hidden: true, filterable: true },
  { field: "status", kind: "status", filterable: true },
] as const;

export const accrualRequestRelations = {
  vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
  purchaser: { kind: "belongsTo", resource: "contacts", foreignKey: "purchaser_id", fields: ["id", "first_name", "last_name"] },
  accrual: { kind: "belongsTo", resource: "accruals", foreignKey: "accrual_id", fields: ["id", "number", "amount", "status"] },
} as const;

export default defineResource({
  name: "accrual_requests",
  schema: accrualRequestSchema,
  title: "number",
  module: "accruals_active",
  menu: { group: "accruals", order: 3 },
  routes: { list: "/accrual_requests", show: "/accrual_request/:accrualRequestID" },
  permissions: {
    list: ["listAccrualRequests", "listAccrualsRequest"],
    show: ["readAccrualRequests", "readAccrualsRequest"],
    create: askKeys,
  },
  statuses: accrualRequestStatuses,
  columns: accrualRequestColumns,
  defaultSort: { field: "id", order: "desc" },
  search: ["number"],
  indexes: ["number", "vendor_id", "purchaser_id", "status", "service_date", "created_at", "accrual_id", "accrual_blast_id"],
  // the vendor's answer and the sending are the server's (accrual-answers.ts, accrual-request-mail.ts)
  serverFields: ["number", "status", "token", "message_status", "accrual_id", "no_accrual_needed", "accrual_blast_id", "response_amount", "description", "responder_contact_id", "answered_at"],
  computed: ["purchaser_name"],
  relations: accrualRequestRelations,
  // (re)sends the request with a fresh private link; the earlier link stops working
  recordActions: [
    { name: "send", kind: "post", label: "statusActions.send", permission: askKeys, when: { status: ["NEW", "SENT"] } },
    // the answer of a request made on its own becomes its accrual (accrual-booking.ts); a blast's answers are booked by their blast
    {
      name: "book", kind: "post", label: "accrual_requests.actions.book", permission: askKeys, confirm: "confirm.bookAccrualRequest",
      when: { status: "SUBMITTED", accrual_blast_id: null, no_accrual_needed: false },
      refusal: "Accrual request {title} cannot be booked: only a request made on its own, answered with an amount and not booked yet, can be (a blast's answers are booked by their blast).",
    },
  ],
  // the vendor's view (docs/portal.md): the request's period and state and the accrual answering it; never its link token
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: [
      "number", "status", "service_date", "start_date", "end_date", "message_status", "no_accrual_needed", "created_at",
      "response_amount", "description", "answered_at", "accrual.number", "accrual.amount", "accrual.status",
    ],
    // the vendor's answer (the same as through the private link: accrual-answers.ts)
    recordActions: [{ name: "submit_accrual", label: "accrual_requests.actions.submit_accrual", when: { status: ["NEW", "SENT"] }, input: accrualAnswerSchema }],
  },
});
