/**
 * Which roles hold which permission keys: data, documented in docs/roles.md.
 * The spec names the keys (product-spec 2.15 and 6) but not who holds them; this matrix is ours.
 */

const invoiceKeys = [
  "listInvoices", "readInvoices", "addInvoices", "editInvoices", "deleteInvoices",
  "listInvoicesRequest", "editstatusInvoices", "invoicesStatusToken", "sendInvoicesRequest",
  "listInvoiceInbox", "listDraftInbox", "listNewInbox", "editInvoiceInbox", "addInvoiceInbox",
  "addDraftInbox", "deleteDraftInbox", "addNewInbox",
  // ours (the spec names none): accepting an invoice's matching exceptions, a controller's call, not the clerk's
  "overrideMatchExceptions",
] as const;

const paymentKeys = [
  "payInvoices", "invoicePayBills", "allowPayments", "listPayments", "readPayments", "listPaymentRun",
  "readPaymentRun", "listNachaPayments", "listEDIPayments", "paymentLinksToInvoices",
  // ours (the spec names no keys for bank details): vendor, employee and originating accounts
  "listPaymentMethods", "readPaymentMethods", "addPaymentMethods", "editPaymentMethods", "deletePaymentMethods",
] as const;

const creditMemoKeys = [
  "listCreditMemos", "readCreditMemos", "deleteCreditMemos", "listCreditMemoInbox",
  "listInboxCreditMemos", "editCreditMemoInbox", "editInboxCreditMemos",
] as const;

const vendorKeys = ["listVendors", "vendorsListView", "readVendors", "addVendors", "editVendors", "deleteVendors"] as const;

const contactKeys = ["listContacts", "readContacts", "addContacts", "editContacts"] as const;

const purchaseOrderKeys = [
  "listPurchaseOrders", "readPurchaseOrders", "addPurchaseOrders", "editPurchaseOrders",
  "deletePurchaseOrders", "requestPurchaseOrders", "po_approval_edit", "listCatalogueItems",
  "readCatalogueItems",
] as const;

const receivingKeys = [
  "listReceipts", "readReceipts", "addReceipts", "submitReceipts", "dashboardReceiving", "listPoOrders",
  "listInvoicesRequiringReceipt", "receiving_visible",
] as const;

const accrualKeys = [
  "listAccruals", "editAccruals", "deleteAccruals", "listAccrualRequests", "listAccrualsRequest",
  "managerAccrualsRequest", "readAccrualRequests", "readAccrualsRequest", "listAccrualBlasts",
  "listAccrualsBlast", "addAccrualBlasts", "addAccrualsBlast", "readAccrualBlasts", "readAccrualsBlast",
  "deleteAccrualBlasts", "deleteAccrualsBlast",
] as const;

const expenseKeys = [
  "listExpenseReports", "readExpenseReports", "payExpenseReports", "listExternalExpenseAccounts",
  "listExpenseItems", "readExpenseItems", "addExpenseItems", "editExpenseItems", "submitExpenseItems",
  "listPolicies", "readPolicies", "addPolicies", "editPolicies", "deletePolicies",
  // ours (the spec names no key for it): every employee's expenses, not only one's own (and those awaiting one's approval)
  "readAllExpenses",
] as const;

const cardKeys = [
  "listVCards", "readVCards", "addVCards", "editVCards", "approveVCards", "corporateCardsDashboard",
  "PORequiringVCards", "listVCardTransactions", "readVCardTransactions", "listExternalVCardAccounts",
  "readPurchases", "editPurchases", "editaccountPurchases", "listVCardStatements", "readVCardStatements",
  "addToDigitalWallet", "purchaseAddAttachment", "editattachmentPurchases", "purchaseDeleteAttachment",
] as const;

const adminKeys = [
  "listUsers", "readUsers", "addUsers", "editUsers", "listAdministrations", "readAdministrations",
  "activitiesAdministrations", "importBulkOperations", "listCategories", "allowApprovalSetting",
  "readSettings", "allowCompanySettings", "readcompanyProfile", "listDocuments", "documentsArchive",
  "listBudgets", "readBudgets", "listReports", "editReports", "addReports", "view2Transactions",
  "addTeams", "deleteTeams", "deleteCatalogueItems", "readSubsidiaries", "addSubsidiaries",
  "deleteSubsidiaries",
  // ours (not in the spec's key list): writing the chart of accounts and categories, uploading and deleting documents
  "editAdministrations", "addDocuments", "deleteDocuments",
  // ours (the spec names only the list, read and delete keys): creating and editing budgets and catalogue items
  "addBudgets", "editBudgets", "addCatalogueItems", "editCatalogueItems",
  // ours (the spec names none): closing a posting period, and reopening a closed one (docs/ledger.md)
  "closePostingPeriods", "reopenPostingPeriods",
] as const;

/** Every staff key; administrators hold them all. */
export const staffKeys: readonly string[] = [
  ...invoiceKeys, ...paymentKeys, ...creditMemoKeys, ...vendorKeys, ...contactKeys, ...purchaseOrderKeys,
  ...receivingKeys, ...accrualKeys, ...expenseKeys, ...cardKeys, ...adminKeys, "deletePayments",
];

/** Keys that only look: what admin_readonly holds. */
const readOnly = (keys: readonly string[]) =>
  keys.filter((key) => /^(list|read|view|dashboard|documentsArchive|vendorsListView|corporateCardsDashboard|receiving_visible|activitiesAdministrations)/.test(key));

const readInvoices = ["listInvoices", "readInvoices", "listVendors", "readVendors", "listContacts", "readContacts"];

export const roles: Readonly<Record<string, readonly string[]>> = {
  super_admin: [...staffKeys, "root", "roleService"],
  admin: staffKeys,
  admin_readonly: readOnly(staffKeys),
  ap_role: [
    ...invoiceKeys.filter((key) => key !== "deleteInvoices" && key !== "overrideMatchExceptions"), ...paymentKeys.filter((key) => key !== "allowPayments"),
    ...creditMemoKeys, ...vendorKeys.filter((key) => key !== "deleteVendors"), ...contactKeys,
    "listPurchaseOrders", "readPurchaseOrders", "listReceipts", "readReceipts", "listAccruals",
  ],
  manager: [
    ...readInvoices, "listPurchaseOrders", "readPurchaseOrders", "listPayments", "readPayments",
    "listPaymentRun", "readPaymentRun", "listCreditMemos", "readCreditMemos", "listExpenseReports",
    "readExpenseReports", "listExpenseItems", "readExpenseItems", "readAllExpenses", "listPolicies", "readPolicies",
    "listVCards", "readVCards", "approveVCards", "listBudgets", "readBudgets", "managerAccrualsRequest",
    "listAccrualRequests", "readAccrualRequests",
  ],
  po_manager: [
    ...readInvoices, ...purchaseOrderKeys.filter((key) => key !== "deletePurchaseOrders"),
    "listReceipts", "readReceipts", "listBudgets", "readBudgets",
  ],
  po_admin: [
    ...readInvoices, ...purchaseOrderKeys, ...receivingKeys, "listBudgets", "readBudgets", "addBudgets", "editBudgets",
    "addCatalogueItems", "editCatalogueItems", "allowApprovalSetting",
  ],
  rcv_manager: [...receivingKeys, "listPurchaseOrders", "readPurchaseOrders", "listVendors", "readVendors"],
  staff: [
    "listExpenseItems", "readExpenseItems", "addExpenseItems", "editExpenseItems", "submitExpenseItems",
    "listExpenseReports", "readExpenseReports", "listPolicies", "readPolicies", "requestPurchaseOrders",
    "listVCards", "readVCards", "readPurchases",
  ],
  vcard_admin: [...cardKeys, "listVendors", "readVendors", "listPurchaseOrders", "readPurchaseOrders"],
  /** vendors use the portal; they hold no staff key */
  vendor: ["vendorPortal"],
};

export const roleNames = Object.keys(roles);

/** Roles that use the vendor portal, not the staff app. */
export const portalRoles: readonly string[] = ["vendor"];

export function keysOfRole(role: string): readonly string[] {
  return roles[role] ?? [];
}

/** Company modules (company.module_settings, declared with the company schema); all on for a new company. */
export { moduleNames } from "../../schemas/company.js";
