import { defineResource } from "../src/framework/resource.js";
import { invoiceRequestSchema, submitInvoiceInput } from "../schemas/invoice_request.js";

/** Keys of the two row actions of data-spec 6; the server checks them per changed field (domain/payables/invoice-requests.ts). */
export const tokenToggleKeys = ["invoicesStatusToken", "editstatusInvoices"] as const;
export const sendKeys = ["sendInvoicesRequest", "editInvoices"] as const;

/**
 * Invoice requests: a vendor is asked to submit an invoice through a tokenised link. The token is
 * ACTIVE (link works) or INACTIVE (revoked); sending needs an active token and marks it SENT;
 * SUBMITTED once the vendor's invoice arrived (invoice_id).
 */
export default defineResource({
  name: "invoice_requests",
  schema: invoiceRequestSchema,
  title: "id",
  module: "invoices_active",
  menu: { group: "payables", order: 7 },
  routes: { list: "/invoice_requests", show: "/invoice_request/:invoiceRequestID" },
  permissions: {
    list: ["editstatusInvoices", "listInvoicesRequest"],
    show: ["editstatusInvoices", "listInvoicesRequest"],
    create: [...sendKeys],
    edit: [...tokenToggleKeys, ...sendKeys],
  },
  statuses: {
    field: "status",
    values: [{ code: "NEW", color: "blue" }, { code: "SENT", color: "cyan" }, { code: "SUBMITTED", color: "green" }],
  },
  columns: [
    { field: "id", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "contact.email", filterable: true },
    { field: "has_token", kind: "enum", filterable: true },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "sent_date", kind: "datetime", filterable: true },
    { field: "invoice.number", link: "show", linkResource: "invoices", linkIdField: "invoice_id", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["message"],
  indexes: ["vendor_id", "status", "invoice_id", "sent_date", "created_at"],
  serverFields: ["token", "sent_date", "invoice_id"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    contact: { kind: "belongsTo", resource: "contacts", foreignKey: "contact_id", fields: ["id", "first_name", "last_name", "email"] },
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number"] },
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number", "status"] },
  },
  // a request is created NEW or SENT (sent at once); sending (again) is its one declared transition
  clientWritable: { create: ["status"] },
  recordActions: [{ name: "send", kind: "post", label: "statusActions.send", permission: sendKeys, when: { status: ["NEW", "SENT"] }, to: "SENT" }],
  rowActions: [{ action: "edit", permission: [...tokenToggleKeys, ...sendKeys] }],
  // the vendor's view (docs/portal.md): the request, whether its link still works, its order and the
  // invoice answering it; never a link token. The vendor answers it with submit_invoice (a PDF and the
  // invoice's number, date, amount, order: domain/payables/invoice-submission.ts)
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: ["status", "has_token", "message", "sent_date", "created_at", "purchase_order_id", "purchase_order.number", "invoice.number", "invoice.status"],
    recordActions: [{
      name: "submit_invoice", label: "portal.submitInvoice", when: { status: ["NEW", "SENT"], has_token: ["ACTIVE"] },
      input: submitInvoiceInput, file: "required", fileTypes: ["pdf"], idempotent: true,
    }],
  },
});
