import { defineResource } from "../src/framework/resource.js";
import { approvalView } from "./shared/approval_views.js";

/** Payment approvals (the approval screen /payments_approval/:paymentID is a page of payments). */
export default defineResource({
  ...approvalView({ name: "payments_approval", type: "Payment", module: "payments_active", guard: ["payments_active"], group: "payments", order: 2 }),
  routes: { list: "/payments_approval" },
});
