import { defineResource } from "../src/framework/resource.js";
import { approvalView } from "./shared/approval_views.js";

/**
 * Credit-memo approvals. The spec writes the list as /credit_memos_approval/; react-router ignores a
 * trailing slash when matching (both URLs match this route), so one route serves both.
 * The screen /credit_memos_approval/:paymentID is a page of vendor_credits.
 */
export default defineResource({
  ...approvalView({ name: "credit_memos_approval", type: "CreditMemo", module: "credit_memos_active", guard: ["credit_memos_active"], group: "payables", order: 12 }),
  routes: { list: "/credit_memos_approval" },
});
