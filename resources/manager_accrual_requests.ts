import { defineResource } from "../src/framework/resource.js";
import accrualRequests from "./accrual_requests.js";

// everything of accrual_requests but its own table's indexes, the vendor-portal scope and the sending (a manager only reads)
const { indexes: _indexes, portal: _portal, recordActions: _recordActions, ...base } = accrualRequests;

/**
 * The managers' view of accrual requests (product-spec 2.15: listAccrualRequests or
 * managerAccrualsRequest), so a manager sees them without the accrual keys.
 */
export default defineResource({
  ...base,
  name: "manager_accrual_requests",
  table: "accrual_requests",
  menu: { group: "accruals", order: 4 },
  routes: { list: "/manager_accrual_requests" },
  permissions: {
    list: ["listAccrualRequests", "managerAccrualsRequest"],
    show: ["listAccrualRequests", "managerAccrualsRequest"],
  },
});
