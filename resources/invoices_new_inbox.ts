import { defineResource } from "../src/framework/resource.js";
import { invoiceNumberColumn, invoiceVendorColumn, invoiceInboxBase } from "./shared/invoice_views.js";

/** New inbox: invoices in status NEW, to review and submit. Its own guard (spec 2.15). */
export default defineResource({
  ...invoiceInboxBase,
  name: "invoices_new_inbox",
  baseFilter: { status: "NEW" },
  menu: { group: "payables", order: 3 },
  routes: {
    list: "/invoices_new_inbox",
    edit: "/invoices/new_inbox/:invoiceID/edit",
  },
  permissions: {
    list: ["listInvoiceInbox", "listNewInbox"],
    show: ["listInvoiceInbox", "listNewInbox"],
    edit: ["addInvoiceInbox", "addNewInbox"],
    delete: ["deleteInvoices"],
  },
  columns: [
    invoiceNumberColumn,
    invoiceVendorColumn,
    { field: "date", kind: "date", filterable: true },
    { field: "due_date", kind: "date", filterable: true },
    { field: "due_status", kind: "enum", sortable: false },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "valid", kind: "boolean", sortable: false },
    { field: "submit_date", kind: "date", filterable: true },
    // an invoice the vendor sent through the portal (an invoice request's answer) says so
    { field: "submitter_type", kind: "enum", filterable: true },
    { field: "subsidiary.name", hidden: true, filterable: true },
    { field: "description", hidden: true, filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  rowActions: [
    { action: "edit", permission: ["addInvoiceInbox", "addNewInbox"] },
    { action: "delete", permission: ["deleteInvoices"], when: { is_invoice_allow_to_delete: true }, confirm: "confirm.deleteInvoice" },
  ],
});
