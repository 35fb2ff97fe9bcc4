import type { PageDef } from "../../src/framework/pages.js";

const adminRoles = ["admin", "admin_readonly", "super_admin"];
const purchasingRoles = ["po_manager", "po_admin"];

export const dashboards: readonly PageDef[] = [
  {
    path: "/dashboard",
    kind: "dashboard",
    title: "dashboards.home",
    permissions: [],
    variants: [
      {
        roles: adminRoles,
        title: "dashboards.admin",
        widgets: [
          { type: "count", title: "widgets.invoicesNew", resource: "invoices", filter: { status: "NEW" } },
          { type: "count", title: "widgets.invoicesPending", resource: "invoices", filter: { status: "PENDING" } },
          { type: "sum", title: "widgets.payableBalance", resource: "invoices", field: "balance_outstanding", filter: { status: "PAYABLE" } },
          { type: "count", title: "widgets.vendors", resource: "vendors" },
          { type: "chart", title: "widgets.apAging", resource: "invoices", group: "aging:due_date", sum: "balance_outstanding", filter: { status: "UNPAID" } },
          { type: "chart", title: "widgets.invoicesByStatus", resource: "invoices", group: "status" },
          { type: "chart", title: "widgets.spendByMonth", resource: "invoices", group: "month:date", sum: "amount" },
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
