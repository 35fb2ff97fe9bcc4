/**
 * Product spec 2.15, "Guards per route", as data: each route group with the spec's paths
 * (`{param}` written `:param`) and the permission keys of which any one opens it.
 * Shared by the browser and API guard tests; a group counts once one of its paths is in the manifest.
 */
export interface GuardGroup {
  group: string;
  paths: readonly string[];
  keys: readonly string[];
}

export const specGuards: readonly GuardGroup[] = [
  { group: "invoice requests", paths: ["/invoice_requests", "/invoice_request/:id"], keys: ["editstatusInvoices", "listInvoicesRequest"] },
  { group: "invoices draft inbox", paths: ["/invoices_draft_inbox"], keys: ["listInvoiceInbox", "listDraftInbox"] },
  { group: "draft inbox edit", paths: ["/invoices/draft_inbox/:id/edit", "/invoices/draft_inbox/:id/edit_old"], keys: ["editInvoiceInbox", "addDraftInbox"] },
  { group: "invoices new inbox", paths: ["/invoices_new_inbox"], keys: ["listInvoiceInbox", "listNewInbox"] },
  { group: "new inbox edit", paths: ["/invoices/new_inbox/:id/edit"], keys: ["addInvoiceInbox", "addNewInbox"] },
  { group: "pay bills and review payment run", paths: ["/invoices_pay_bills", "/review_payment_run"], keys: ["payInvoices", "invoicePayBills"] },
  { group: "payment runs", paths: ["/payment_runs"], keys: ["listPayments", "listPaymentRun"] },
  { group: "payment run detail", paths: ["/payment_runs/:id"], keys: ["readPayments", "readPaymentRun"] },
  { group: "payment-run approvals", paths: ["/payment_runs_approval", "/payment_runs_approval/:id"], keys: ["invoices_active"] },
  { group: "purchase orders", paths: ["/purchase_orders"], keys: ["listPurchaseOrders"] },
  { group: "purchase order detail", paths: ["/purchase_orders/:id"], keys: ["readPurchaseOrders"] },
  { group: "purchase order edit", paths: ["/purchase_orders/:id/edit"], keys: ["editPurchaseOrders", "readPurchaseOrders"] },
  { group: "PO approvals", paths: ["/po_approvals", "/po_approvals/:id"], keys: ["purchase_orders_active"] },
  { group: "PO request new", paths: ["/purchase_orders/requests/new"], keys: ["requestPurchaseOrders"] },
  { group: "PO request edit", paths: ["/purchase_orders/requests/:id/edit"], keys: ["requestPurchaseOrders", "editPurchaseOrders", "po_approval_edit"] },
  { group: "PO request duplicate", paths: ["/purchase_orders/requests/:id/duplicate"], keys: ["requestPurchaseOrders"] },
  { group: "accrual requests", paths: ["/accrual_requests"], keys: ["listAccrualRequests", "listAccrualsRequest"] },
  { group: "manager accrual requests", paths: ["/manager_accrual_requests"], keys: ["listAccrualRequests", "managerAccrualsRequest"] },
  { group: "accrual blasts", paths: ["/accrual_blasts"], keys: ["listAccrualBlasts", "listAccrualsBlast"] },
  {
    group: "accrual blast create/duplicate/edit",
    paths: ["/accrual_blasts/new/:accrual_option", "/accrual_blasts/new/:id/:accrual_option", "/accrual_blasts/edit/:id/:accrual_option"],
    keys: ["addAccrualBlasts", "addAccrualsBlast"],
  },
  { group: "accrual blast and entry detail", paths: ["/accrual_blasts/:id", "/accrual_entries/:id"], keys: ["readAccrualBlasts", "readAccrualsBlast"] },
  { group: "accrual request detail", paths: ["/accrual_request/:id"], keys: ["readAccrualRequests", "readAccrualsRequest"] },
  { group: "company", paths: ["/company"], keys: ["readSettings", "readcompanyProfile"] },
  { group: "budgets", paths: ["/budgets"], keys: ["listBudgets"] },
  { group: "budget detail", paths: ["/budgets/:id"], keys: ["readBudgets"] },
  { group: "imports", paths: ["/imports"], keys: ["listAdministrations", "importBulkOperations"] },
  { group: "activities", paths: ["/activities"], keys: ["listAdministrations", "activitiesAdministrations"] },
  { group: "categories", paths: ["/categories"], keys: ["listAdministrations", "listCategories"] },
  { group: "assets", paths: ["/assets"], keys: ["listDocuments", "documentsArchive"] },
  { group: "report list and schedules", paths: ["/reports/list", "/reports/schedules"], keys: ["listReports"] },
  { group: "report edit", paths: ["/reports/edit"], keys: ["editReports"] },
  { group: "report create", paths: ["/reports/create"], keys: ["addReports"] },
  { group: "journal and accounts", paths: ["/journal", "/accounts"], keys: ["listAdministrations"] },
  { group: "account transactions", paths: ["/account_transactions"], keys: ["view2Transactions"] },
  { group: "account detail", paths: ["/accounts/:id"], keys: ["readAdministrations"] },
  { group: "payments", paths: ["/payments", "/payments/dashboard"], keys: ["listPayments"] },
  { group: "payment detail", paths: ["/payments/:id"], keys: ["readPayments"] },
  { group: "payments approval", paths: ["/payments_approval", "/payments_approval/:id"], keys: ["payments_active"] },
  { group: "Nacha payments", paths: ["/nacha_payments", "/nacha_payments/:id"], keys: ["listPayments", "listNachaPayments"] },
  { group: "EDI payments", paths: ["/edi_payments", "/edi_payments/:id"], keys: ["listPayments", "listEDIPayments"] },
  { group: "invoice payment links", paths: ["/invoice_payment_links"], keys: ["listPayments", "paymentLinksToInvoices"] },
  { group: "vendor credits", paths: ["/vendor_credits"], keys: ["listCreditMemos"] },
  { group: "vendor credit detail", paths: ["/vendor_credits/:id"], keys: ["readCreditMemos"] },
  { group: "credit memo approvals", paths: ["/credit_memos_approval/", "/credit_memos_approval/:id"], keys: ["credit_memos_active"] },
  { group: "credit memo inbox", paths: ["/credit_memo_inbox"], keys: ["listCreditMemoInbox", "listInboxCreditMemos"] },
  { group: "credit memo inbox edit", paths: ["/credit_memo_inbox/:id"], keys: ["editCreditMemoInbox", "editInboxCreditMemos"] },
  { group: "credit memo draft list and edit", paths: ["/credit_memo_draft", "/credit_memo_draft/:id"], keys: ["roleService", "root"] },
  { group: "contacts", paths: ["/contacts"], keys: ["listContacts"] },
  { group: "contact detail and permissions", paths: ["/contacts/:id", "/contacts/:id/permissions"], keys: ["readContacts", "readUsers"] },
  { group: "contact edit", paths: ["/edit_contact/:id"], keys: ["editContacts"] },
];
