/**
 * Section dashboards of purchasing: receiving (spec 2.4) and accruals (spec 2.7), each under two paths.
 * Every figure is a count of the live rows (GET /api/{resource}/stats); "this week" and "overdue" are
 * days relative to the day shown (`resolveFilter`, src/framework/pages.ts).
 */
import type { DashboardVariant, PageDef } from "../../src/framework/pages.js";

const receiving: DashboardVariant = {
  title: "dashboards.receiving",
  widgets: [
    { type: "count", title: "widgets.poToReceive", resource: "receiving_purchase_orders" },
    { type: "count", title: "widgets.receiptsDraft", resource: "receipts", filter: { status: "DRAFT" } },
    { type: "count", title: "widgets.inboundExpected", resource: "inbound_receipts", filter: { status: "INBOUND" } },
    { type: "count", title: "widgets.receiptsThisWeek", resource: "receipts", filter: { received_date_gte: "@week", is_return: "false" } },
    { type: "count", title: "widgets.deliveriesOverdue", resource: "inbound_receipts", filter: { status: "INBOUND", expected_date_lte: "@today-1" } },
    { type: "chart", title: "widgets.receiptsByMonth", resource: "receipts", group: "month:received_date" },
    { type: "chart", title: "widgets.inboundByStatus", resource: "inbound_receipts", group: "status" },
  ],
};

const accruals: DashboardVariant = {
  title: "dashboards.accruals",
  widgets: [
    { type: "count", title: "widgets.accrualsToApprove", resource: "accruals", filter: { status: ["NEW", "PENDING"] } },
    { type: "sum", title: "widgets.accrualOpenBalance", resource: "accruals", field: "balance", filter: { status: "ACTIVE" } },
    { type: "count", title: "widgets.accrualRequestsOpen", resource: "accrual_requests", filter: { status: "OPEN" } },
    { type: "chart", title: "widgets.accrualsByStatus", resource: "accruals", group: "status", sum: "amount" },
    { type: "chart", title: "widgets.accrualsByMonth", resource: "accruals", group: "month:date", sum: "amount" },
  ],
};

const receivingDashboard = {
  kind: "dashboard", title: "dashboards.receiving", permissions: ["dashboardReceiving", "receiving_visible"],
  module: "receipts_active", resource: "receipts", variants: [receiving],
} as const;

const accrualsDashboard = {
  kind: "dashboard", title: "dashboards.accruals", permissions: ["listAccruals"],
  module: "accruals_active", resource: "accruals", variants: [accruals],
} as const;

export const purchasingPages: readonly PageDef[] = [
  { path: "/dashboard/receiving", ...receivingDashboard },
  { path: "/receiving_dashboard", ...receivingDashboard },
  { path: "/dashboard/accruals", ...accrualsDashboard },
  { path: "/accruals_dashboard", ...accrualsDashboard },
  // hand-written (docs/punchout.md): the enabled suppliers' New purchase / Track purchase buttons
  {
    path: "/punchout", kind: "page", title: "pages.punchout", component: "Punchout", resource: "purchase_order_requests",
    permissions: ["requestPurchaseOrders"], module: "purchase_orders_active", menu: { group: "purchasing", order: 2 },
  },
];
