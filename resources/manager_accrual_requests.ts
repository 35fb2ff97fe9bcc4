import { defineResource } from "../src/framework/resource.js";
import { accrualRequestSchema } from "../schemas/accrual_request.js";
import { accrualRequestColumns, accrualRequestRelations, accrualRequestStatuses } from "./accrual_requests.js";

/**
 * The managers' view of accrual requests (product-spec 2.15: listAccrualRequests or
 * managerAccrualsRequest), so a manager sees them without the accrual keys.
 */
export default defineResource({
  name: "manager_accrual_requests",
  table: "accrual_requests",
  schema: accrualRequestSchema,
  title: "number",
  module: "accruals_active",
  menu: { group: "accruals", order: 4 },
  routes: { list: "/manager_accrual_requests" },
  permissions: {
    list: ["listAccrualRequests", "managerAccrualsRequest"],
    show: ["listAccrualRequests", "managerAccrualsRequest"],
  },
  statuses: accrualRequestStatuses,
  columns: accrualRequestColumns,
  defaultSort: { field: "id", order: "desc" },
  search: ["number"],
  serverFields: ["token"],
  computed: ["purchaser_name"],
  relations: accrualRequestRelations,
});
