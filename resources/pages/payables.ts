import type { PageDef } from "../../src/framework/pages.js";

/**
 * The payments dashboard (/payments/dashboard, spec 2.11; issue 5: amounts by status and upcoming
 * runs): what is scheduled, in flight, failed and left to process, and the runs not yet processed
 * by their payment date.
 */
export const payablesPages: readonly PageDef[] = [
  {
    path: "/payments/dashboard",
    kind: "dashboard",
    title: "dashboards.payments",
    permissions: ["listPayments"],
    module: "payments_active",
    resource: "payments",
    variants: [
      {
        title: "dashboards.payments",
        widgets: [
          { type: "count", title: "widgets.paymentsScheduled", resource: "payments", filter: { status: "SCHEDULED" } },
          { type: "sum", title: "widgets.paymentsProcessing", resource: "payments", field: "amount", filter: { status: ["PROCESSING", "PROCESSING (REISSUED)"] } },
          { type: "count", title: "widgets.paymentRunsUnprocessed", resource: "payment_runs", filter: { status: "UNPROCESSED" } },
          { type: "sum", title: "widgets.vendorCreditsAvailable", resource: "vendor_credits", field: "balance", filter: { status: "AVAILABLE" } },
          { type: "count", title: "widgets.nachaFilesNew", resource: "nacha_payments", filter: { status: "NEW" } },
          { type: "count", title: "widgets.paymentsFailed", resource: "payments", filter: { status: "FAILED" } },
          { type: "chart", title: "widgets.paymentRunsUpcoming", resource: "payment_runs", group: "payment_date", sum: "total_amount", filter: { status: ["NEW", "SUBMITTED", "PENDING", "APPROVED"] } },
          { type: "chart", title: "widgets.paymentsByStatus", resource: "payments", group: "status", sum: "amount" },
          { type: "chart", title: "widgets.paymentsByMonth", resource: "payments", group: "month:payment_date", sum: "amount", filter: { status: "ACTIVE" } },
          { type: "chart", title: "widgets.paymentsByType", resource: "payments", group: "payment_type", sum: "amount", filter: { status: "ACTIVE" } },
        ],
      },
    ],
  },
];
