import { defineResource } from "../src/framework/resource.js";
import { approvalView } from "./shared/approval_views.js";

/** Invoice approvals; /invoices_approval/:approvalID is the legacy approval screen addressed by approval id. */
export default defineResource({
  ...approvalView({ name: "invoices_approval", type: "Invoice", module: "invoices_active", guard: ["invoices_active"], group: "payables", order: 5 }),
  routes: {
    list: "/invoices_approval",
    views: [{ path: "/invoices_approval/:approvalID", page: "approval" }],
  },
});
