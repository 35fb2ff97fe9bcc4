import { defineResource } from "../src/framework/resource.js";
import { approvalView } from "./shared/approval_views.js";

/** Payment-run approvals; spec 2.15 guards them with invoices_active. The screen /payment_runs_approval/:paymentRunID is a page of payment_runs. */
export default defineResource({
  ...approvalView({ name: "payment_runs_approval", type: "PaymentRun", module: "payments_active", guard: ["invoices_active"], group: "payments", order: 4 }),
  routes: { list: "/payment_runs_approval" },
});
