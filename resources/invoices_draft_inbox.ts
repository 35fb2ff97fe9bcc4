import { defineResource } from "../src/framework/resource.js";
import { invoiceNumberColumn, invoiceVendorColumn, invoiceInboxBase } from "./shared/invoice_views.js";

/**
 * Draft inbox: invoices in status DRAFT (captured, not yet submitted). Its own guard (spec 2.15);
 * drafts are edited and deleted with the draft-inbox keys or roleService (data-spec 6).
 */
export default defineResource({
  ...invoiceInboxBase,
  name: "invoices_draft_inbox",
  baseFilter: { status: "DRAFT" },
  menu: { group: "payables", order: 2 },
  routes: {
    list: "/invoices_draft_inbox",
    edit: "/invoices/draft_inbox/:invoiceID/edit",
    views: [{ path: "/invoices/draft_inbox/:invoiceID/edit_old", page: "edit" }],
  },
  permissions: {
    list: ["listInvoiceInbox", "listDraftInbox"],
    show: ["listInvoiceInbox", "listDraftInbox"],
    edit: ["editInvoiceInbox", "addDraftInbox", "roleService"],
    delete: ["deleteDraftInbox", "roleService"],
  },
  columns: [
    invoiceNumberColumn,
    invoiceVendorColumn,
    { field: "date", kind: "date", filterable: true },
    { field: "due_date", kind: "date", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "valid", kind: "boolean", sortable: false },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "description", hidden: true, filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  // a captured draft joins the inbox (NEW) by this declared transition, not by editing its status
  recordActions: [{ name: "to_inbox", kind: "post", label: "statusActions.toInbox", permission: ["editInvoiceInbox", "addDraftInbox", "roleService"], when: { status: "DRAFT" }, to: "NEW" }],
  rowActions: [
    { action: "edit", permission: ["editInvoiceInbox", "addDraftInbox", "roleService"] },
    { action: "delete", permission: ["deleteDraftInbox", "roleService"], when: { is_invoice_allow_to_delete: true }, confirm: "confirm.deleteInvoice" },
  ],
});
