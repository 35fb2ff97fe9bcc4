import { defineResource } from "../src/framework/resource.js";
import { invoiceSchema } from "../schemas/invoice.js";
import { documentsOf } from "./shared/documents.js";
import { activitiesOf } from "./shared/activities.js";

export const invoiceStatuses = {
  field: "status",
  values: [
    { code: "DRAFT", color: "default" },
    { code: "NEW", color: "blue" },
    { code: "PENDING", color: "gold" },
    { code: "APPROVED", color: "cyan" },
    { code: "OPEN", color: "geekblue" },
    { code: "PAID", color: "green" },
    { code: "CLOSED", color: "default" },
    { code: "REJECTED", color: "red" },
  ],
  composites: {
    PAYABLE: ["APPROVED", "OPEN"],
    UNPAID: ["NEW", "PENDING", "APPROVED", "OPEN"],
    ACTIVE: ["NEW", "PENDING", "APPROVED", "OPEN", "PAID"],
  },
} as const;

export default defineResource({
  name: "invoices",
  kind: "Invoice",
  schema: invoiceSchema,
  title: "number",
  module: "invoices_active",
  menu: { group: "payables", order: 1 },
  routes: {
    list: "/invoices",
    show: "/invoices/:invoiceID",
    create: "/invoices/new",
    edit: "/invoices/:invoiceID/edit",
    views: [
      {
        path: "/invoices_all",
        title: "invoices.views.all",
        params: {
          vendorName: "vendor.name_like",
          purchaseOrderNumber: "purchase_orders.number_like",
          subsidiaryName: "subsidiary.name_like",
          paymentNumber: "payments.payment_number_like",
        },
      },
      { path: "/invoices/:invoiceID/approval", page: "approval" },
    ],
  },
  permissions: {
    list: ["listInvoices"],
    show: ["readInvoices"],
    create: ["addInvoices"],
    edit: ["editInvoices"],
    delete: ["deleteInvoices"],
  },
  statuses: invoiceStatuses,
  columns: [
    { field: "number", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "date", kind: "date", filterable: true },
    { field: "due_date", kind: "date", filterable: true },
    { field: "due_status", kind: "enum", sortable: false },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "balance_outstanding", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "amount_in_functional", kind: "money", total: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
    { field: "po_matching", kind: "enum", hidden: true, filterable: true },
    { field: "has_open_exceptions", kind: "boolean", hidden: true, filterable: true },
    { field: "subsidiary.name", hidden: true, filterable: true },
    { field: "description", hidden: true, filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description", "reference_number", "vendor.name"],
  indexes: ["number", "vendor_id", "status", "due_date", "date", ["status", "due_date"], "amount", "po_matching"],
  approvable: { type: "Invoice", submittable: ["DRAFT", "NEW", "REJECTED"], permission: ["editInvoices", "addInvoices"] },
  approval: {
    type: "Invoice",
    // spec glossary: an approved invoice with payments is OPEN
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["APPROVED", "OPEN"] },
    restartOn: ["amount", "debit_entries", "vendor_id", "subsidiary_id", "currency_code", "department", "location_name", "purchase_order_ids"],
  },
  // an invoice is created as a DRAFT or NEW (the hook refuses any other status)
  clientWritable: { create: ["status"] },
  serverFields: ["po_matching", "is_ocr_process_completed", "has_open_exceptions", "payments_sum", "balance_outstanding", "outstanding_balance_pending", "created_by_id", "submitted_by_id", "submit_date", "exchange_rate",
    "suspected_duplicate", "duplicate_override_reason", "duplicate_overridden_by_id", "duplicate_overridden_at"],
  functional: { rate: "exchange_rate", currency: "currency_code", date: "date", amounts: { amount: "amount_in_functional" } },
  computed: [
    "due_status", "currency", "functional_currency", "valid", "is_invoice_allow_to_delete", "is_validate_pay_now",
    "amt_overdue_0_to_30", "amt_overdue_31_to_60", "amt_overdue_61_to_over", "amount_overDue", "suspected_duplicates",
  ],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name", "vendor_id", "classification", "po_not_required"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    purchase_orders: { kind: "refersMany", resource: "purchase_orders", localKey: "purchase_order_ids", fields: ["id", "number", "amount", "open_balance", "status"] },
    invoice_items: { kind: "hasMany", resource: "invoice_items", foreignKey: "invoice_id", fields: ["id", "line", "po_item_id", "description", "quantity", "unit_price", "amount", "account_number", "department"] },
    // part of the invoice: whoever reads it reads why it is held (its notice lists them)
    match_exceptions: {
      kind: "hasMany", resource: "match_exceptions", foreignKey: "invoice_id", readWithParent: true,
      fields: ["id", "line", "kind", "message", "status", "override_comment", "overridden_at"],
    },
    documents: documentsOf("Invoice"),
    activities: activitiesOf("invoices"),
    payments: {
      kind: "hasMany", resource: "payments", foreignKey: "invoice_id", through: { resource: "invoice_payment_links", key: "payment_id" },
      fields: ["id", "payment_number", "payment_date", "payment_type", "amount", "status"],
    },
    vendor_credits: {
      kind: "hasMany", resource: "vendor_credits", foreignKey: "invoice_id", through: { resource: "invoice_payment_links", key: "payment_id" },
      fields: ["id", "payment_number", "payment_date", "amount", "balance", "status"],
    },
    approvals: {
      kind: "hasMany", resource: "approvals", foreignKey: "approvable_id", where: { approvable_type: "Invoice" },
      fields: ["id", "step", "contact_id", "aasm_state", "is_claimed", "acted_at", "comment"],
    },
  },
  // an invoice may carry lines; lines pulled from purchase orders are matched against them (domain/purchasing/invoice-matching.ts)
  lines: [{
    relation: "invoice_items", fields: ["po_item_id", "description", "quantity", "unit_price", "account_number", "department"], position: "line",
    total: { field: "amount", product: ["quantity", "unit_price"], document: "amount" },
    pick: {
      from: "purchase_orders", relation: "po_items", open: { qty_balance: { gt: 0 } },
      map: { po_item_id: "id", description: "description", quantity: "qty_balance", unit_price: "unit_price", account_number: "account_number", department: "department" },
      // the vendor's approved or open orders: only they are invoiced (payables/invoice-items.ts)
      match: { vendor_id: "vendor_id" }, offered: { status: "ACTIVE" },
    },
    // what the PO line says beside what the invoice bills (its quantity, its price): why a line is a matching exception
    context: { quantity: ["po_item.quantity", "po_item.qty_received", "po_item.qty_billed"], unit_price: ["po_item.unit_price"] },
  }],
  // an open matching exception is accepted by a user allowed to, with a comment kept on it (audited)
  recordActions: [{
    name: "override_exceptions", kind: "post", label: "invoices.actions.override_exceptions", permission: ["overrideMatchExceptions"],
    when: { has_open_exceptions: true }, input: { type: "object", additionalProperties: false, required: ["comment"], properties: { comment: { type: "string", minLength: 1, maxLength: 2000 } } },
  }, {
    // a suspected duplicate is let through by someone other than its creator, with a reason (payables/invoice-numbers.ts)
    name: "override_duplicate", kind: "post", label: "invoices.actions.override_duplicate", permission: ["editInvoices", "overrideMatchExceptions"],
    when: { suspected_duplicate: true }, input: { type: "object", additionalProperties: false, required: ["reason"], properties: { reason: { type: "string", minLength: 1, maxLength: 2000 } } },
  }],
  // what holds the invoice, said at the top of its pages before anyone acts; the server refuses the same
  // (approval engine: approvables/invoice.ts; payment: payments/runs/plan.ts)
  notices: [
    {
      when: { has_open_exceptions: true }, message: "invoices.notices.openExceptions", detail: "invoices.notices.openExceptionsDetail",
      list: { relation: "match_exceptions", where: { status: "OPEN" }, field: "message", orderBy: "id" },
      action: "override_exceptions", holdsApproval: "invoices.notices.openExceptionsApprove",
    },
    // look-alikes (same vendor, amount within 1 %, date within 30 days…) hold approval and payment until overridden
    {
      when: { suspected_duplicate: true }, message: "invoices.notices.suspectedDuplicate", detail: "invoices.notices.suspectedDuplicateDetail",
      list: { relation: "suspected_duplicates", field: "message", orderBy: "id" },
      action: "override_duplicate", holdsApproval: "invoices.notices.suspectedDuplicateApprove",
    },
    // data-spec 4: Approve is disabled without GL coding; said before submitting too, which needs it as well
    { when: { valid: false, status: ["DRAFT", "NEW", "PENDING", "REJECTED"] }, message: "invoices.notices.glCodingRequired", holdsApproval: "approval.glCodingRequired" },
  ],
  rowActions: [
    // a PENDING invoice may be corrected: a change of amount or coding restarts its approval chain
    { action: "edit", permission: ["editInvoices"], when: { status: ["DRAFT", "NEW", "PENDING", "REJECTED"] } },
    { action: "delete", permission: ["deleteInvoices"], when: { is_invoice_allow_to_delete: true }, confirm: "confirm.deleteInvoice" },
  ],
  // the vendor's view (docs/portal.md): its invoices' numbers, dates, amounts, status and payments; never notes, GL coding, approvals, who created it
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: [
      "number", "reference_number", "date", "due_date", "service_start_date", "service_end_date", "submit_date", "amount", "currency_code",
      "currency", "status", "due_status", "payments_sum", "balance_outstanding", "submitter_type",
      "purchase_orders.number", "payments.payment_number", "payments.payment_date", "payments.amount", "payments.status",
    ],
    // a draft is the purchaser's work in progress, not yet an invoice the vendor has anything to do with
    where: { status_ne: "DRAFT" },
  },
});
