import type { PageDef } from "../../src/framework/pages.js";

const adminRoles = ["admin", "admin_readonly", "super_admin"];
const purchasingRoles = ["po_manager", "po_admin"];
/** approved and not yet paid: the rows of the payable balance and of its aging */
const payable = { status: "PAYABLE" };
/** invoiced spend: every invoice but drafts and rejected ones */
const spent = ["NEW", "PENDING", "APPROVED", "OPEN", "PAID", "CLOSED"];
const awaitingMe = { awaiting: "me" };

export const dashboards: readonly PageDef[] = [
  {
    path: "/dashboard",
    kind: "dashboard",
    title: "dashboards.home",
    permissions: [],
    variants: [
      {
        // the controller: the payable balance and its aging come from the same rows (approved, unpaid) and column
        roles: adminRoles,
        title: "dashboards.admin",
        widgets: [
          { type: "count", title: "widgets.invoicesNew", resource: "invoices", filter: { status: "NEW" } },
          { type: "count", title: "widgets.invoicesPending", resource: "invoices", filter: { status: "PENDING" } },
          { type: "sum", title: "widgets.payableBalance", resource: "invoices", field: "balance_outstanding", filter: payable },
          { type: "count", title: "widgets.vendors", resource: "vendors" },
          { type: "chart", title: "widgets.apAging", resource: "invoices", group: "aging:due_date", sum: "balance_outstanding", filter: payable, total: true },
          { type: "chart", title: "widgets.spendByMonth", resource: "invoices", group: "month:date", sum: "amount", filter: { status: spent, date_gte: "@month-11m" } },
          { type: "chart", title: "widgets.invoicesByStatus", resource: "invoices", group: "status" },
        ],
      },
      {
        roles: purchasingRoles,
        title: "dashboards.purchasing",
        widgets: [
          { type: "count", title: "widgets.poDraft", resource: "purchase_orders", filter: { status: "DRAFT" } },
          { type: "count", title: "widgets.poPending", resource: "purchase_orders", filter: { status: "PENDING" } },
          { type: "sum", title: "widgets.poOpenBalance", resource: "purchase_orders", field: "open_balance", filter: { status: "ACTIVE" } },
          { type: "chart", title: "widgets.poByStatus", resource: "purchase_orders", group: "status", sum: "amount" },
        ],
      },
      {
        // the AP clerk: what is due, what is stuck, what came in, and the cash the next run needs
        roles: ["ap_role"],
        title: "dashboards.ap",
        widgets: [
          { type: "count", title: "widgets.dueThisWeek", resource: "invoices", filter: { status: "UNPAID", due_date_gte: "@week", due_date_lte: "@week+6" } },
          { type: "count", title: "widgets.overdue", resource: "invoices", filter: { status: "UNPAID", due_date_lte: "@today-1" } },
          { type: "count", title: "widgets.invoiceExceptions", resource: "invoices", filter: { status: "UNPAID", has_open_exceptions: "true" } },
          { type: "sum", title: "widgets.cashNextRun", resource: "invoices_pay_bills", field: "outstanding_balance_pending", filter: { due_date_lte: "@today+7" } },
          { type: "count", title: "widgets.inboxNew", resource: "invoices_new_inbox" },
          { type: "count", title: "widgets.inboxDraft", resource: "invoices_draft_inbox" },
          { type: "count", title: "widgets.inboxCreditMemos", resource: "credit_memo_inbox" },
          { type: "chart", title: "widgets.apAging", resource: "invoices", group: "aging:due_date", sum: "balance_outstanding", filter: payable, total: true },
        ],
      },
      {
        // the approver: what waits for them, oldest first
        roles: ["manager"],
        title: "dashboards.approver",
        widgets: [
          { type: "count", title: "widgets.awaitingMe", resource: "approvals", filter: awaitingMe },
          { type: "count", title: "widgets.expenseReportsPending", resource: "expense_reports", filter: { status: "PENDING" } },
          { type: "count", title: "widgets.poPending", resource: "purchase_orders", filter: { status: "PENDING" } },
          {
            type: "list", title: "widgets.awaitingMeOldest", resource: "approvals", filter: awaitingMe, sort: { field: "created_at", order: "asc" }, limit: 10,
            columns: ["approvable.number", "approvable_type", "approvable.vendor_name", "approvable.amount", "created_at"], link: "approvable.screen",
          },
          { type: "chart", title: "widgets.awaitingMeByType", resource: "approvals", group: "approvable_type", filter: awaitingMe },
        ],
      },
      {
        title: "dashboards.staff",
        widgets: [
          { type: "count", title: "widgets.expenseItemsDraft", resource: "expense_items", filter: { status: "DRAFT" } },
          { type: "count", title: "widgets.expenseReportsPending", resource: "expense_reports", filter: { status: "PENDING" } },
          { type: "sum", title: "widgets.expensesUnpaid", resource: "expense_reports", field: "amount", filter: { status: "UNPAID" } },
          { type: "count", title: "widgets.poPending", resource: "purchase_orders", filter: { status: "PENDING" } },
          { type: "count", title: "widgets.invoicesPending", resource: "invoices", filter: { status: "PENDING" } },
          { type: "chart", title: "widgets.expensesByStatus", resource: "expense_reports", group: "status", sum: "amount" },
        ],
      },
    ],
  },
];
