/**
 * Named server behaviour of resources, keyed by resource name. Declarations stay data; what a
 * resource does beyond the generic create/read/update/delete lives in these hooks.
 */
import { tableOf, type ResourceDef } from "../../framework/resource.js";
import { resources } from "../../../resources/index.js";
import type { DB } from "../db/connect.js";
import type { Ctx, Row } from "../resources/context.js";
import { useScopeHooks, type ListParams, type ScopeHook } from "../resources/query.js";
import { accrualBlastHooks, accrualEntryHooks } from "./accruals/accrual-blasts.js";
import { accrualRequestHooks } from "./accruals/accrual-requests.js";
import { accrualHooks, accrualInvoiceLinkHooks } from "./accruals/accruals.js";
import { addressHooks } from "./admin/addresses.js";
import { activityHooks, categoryHooks, importHooks, messageHooks, notificationHooks, vendorContactHooks } from "./admin/admin.js";
import { approvalHooks, awaitingRecords } from "./approvals/approvals.js";
import { budgetHooks } from "./ledger/budgets.js";
import { cardTransactionHooks, purchaseHooks, statementHooks, virtualCardHooks } from "./cards/cards.js";
import { catalogueItemHooks } from "./purchasing/catalogue-items.js";
import { delegationHooks } from "./approvals/delegations.js";
import { documentHooks } from "./admin/documents.js";
import { expenseItemHooks } from "./expenses/expense-items.js";
import { expenseReportHooks } from "./expenses/expense-reports.js";
import { inboundReceiptHooks } from "./purchasing/inbound-receipts.js";
import { invoiceRequestHooks } from "./payables/invoice-requests.js";
import { invoiceHooks } from "./payables/invoices.js";
import { accountHooks, accountTransactionHooks } from "./ledger/ledger.js";
import { paymentMethodHooks } from "./payments/payment-methods.js";
import { currencyHooks, nachaPaymentHooks, paymentHooks } from "./payments/payments.js";
import { payBillsHooks, paymentRunHooks } from "./payments/runs/hooks.js";
import { poItemHooks } from "./purchasing/po-items.js";
import { policyHooks } from "./expenses/policies.js";
import { purchaseOrderRequestHooks } from "./purchasing/purchase-order-requests.js";
import { purchaseOrderHooks } from "./purchasing/purchase-orders.js";
import { receiptHooks, receiptItemHooks } from "./purchasing/receipts.js";
import { recurringInvoiceHooks } from "./payables/recurring-invoices.js";
import { reportHooks, reportScheduleHooks } from "./admin/reports.js";
import { teamHooks, teamMemberHooks } from "./identity/teams.js";
import { contactHooks, userHooks } from "./identity/users.js";
import { vendorHooks } from "./payables/vendors.js";
import { workflowHooks } from "./approvals/workflows.js";

export interface ResourceHooks {
  /** add the resource's computed fields to rows about to be returned */
  decorate?(rows: Row[], ctx: Ctx): Promise<void> | void;
  /** complete (server fields) and check a new row inside the write transaction */
  beforeCreate?(data: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  beforeUpdate?(data: Row, existing: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** before a delete, in its transaction: refuse it (422) or remove what depends on the row */
  beforeDelete?(existing: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** after insert/update/delete, in the same transaction (e.g. roll totals up to a parent) */
  afterWrite?(row: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** confines every query on the resource (list, show, stats, writes, relations) beyond the declared scoping */
  scope?: ScopeHook;
  /** replaces the generic insert, e.g. when a create spans several tables */
  insert?(data: Row, ctx: Ctx, trx: DB): Promise<Row>;
  /**
   * list parameters beyond the filter grammar (e.g. approvals' `awaiting=me`), by name: each adds
   * its conditions to the list (and stats) query of the rows aliased `t`
   */
  listParams?: ListParams;
}

const hooks: Record<string, ResourceHooks> = {
  invoices: invoiceHooks,
  vendors: vendorHooks,
  purchase_orders: purchaseOrderHooks,
  po_items: poItemHooks,
  users: userHooks,
  contacts: contactHooks,
  expense_reports: expenseReportHooks,
  expense_items: expenseItemHooks,
  policies: policyHooks,
  virtual_cards: virtualCardHooks,
  card_transactions: cardTransactionHooks,
  purchases: purchaseHooks,
  statements: statementHooks,
  teams: teamHooks,
  team_members: teamMemberHooks,
  workflows: workflowHooks,
  accounts: accountHooks,
  account_transactions: accountTransactionHooks,
  documents: documentHooks,
  addresses: addressHooks,
  reports: reportHooks,
  report_schedules: reportScheduleHooks,
  imports: importHooks,
  activities: activityHooks,
  categories: categoryHooks,
  messages: messageHooks,
  notifications: notificationHooks,
  vendor_contacts: vendorContactHooks,
  purchase_order_requests: purchaseOrderRequestHooks,
  receipts: receiptHooks,
  receipt_items: receiptItemHooks,
  inbound_receipts: inboundReceiptHooks,
  catalogue_items: catalogueItemHooks,
  budgets: budgetHooks,
  accruals: accrualHooks,
  accrual_invoice_links: accrualInvoiceLinkHooks,
  accrual_requests: accrualRequestHooks,
  accrual_blasts: accrualBlastHooks,
  accrual_entries: accrualEntryHooks,
  approvals: approvalHooks,
  delegations: delegationHooks,
  payments: paymentHooks,
  payment_methods: paymentMethodHooks,
  payment_runs: paymentRunHooks,
  invoices_pay_bills: payBillsHooks,
  edi_payments: currencyHooks,
  nacha_payments: nachaPaymentHooks,
  invoice_requests: invoiceRequestHooks,
  recurring_invoices: recurringInvoiceHooks,
};

/** The approvable types whose records live in a table (read from the `approvable` declarations). */
const approvableTypesOn = (table: string) => [...new Set(resources.filter((r) => r.approvable && tableOf(r) === table).map((r) => r.approvable!.type))];

const resolved = new Map<string, ResourceHooks>();

/**
 * A resource's hooks; a view of another resource's table shares that resource's hooks. Every list of
 * approvable records also takes `awaiting=me` (the records awaiting the user's approval).
 */
export function hooksOf(resource: ResourceDef): ResourceHooks {
  const known = resolved.get(resource.name);
  if (known) return known;
  const own = hooks[resource.name] ?? hooks[tableOf(resource)] ?? {};
  const types = approvableTypesOn(tableOf(resource));
  const result = types.length && !own.listParams?.awaiting ? { ...own, listParams: { ...own.listParams, awaiting: awaitingRecords(types) } } : own;
  resolved.set(resource.name, result);
  return result;
}

useScopeHooks((resource) => hooksOf(resource).scope);
