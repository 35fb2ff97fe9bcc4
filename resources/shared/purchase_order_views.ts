/**
 * What every view of the purchase_orders table shares with the purchase_orders resource: a view only
 * adds its own name, base filter, routes, guard, module and menu. Lives in a sub-folder so the registry
 * skips it.
 */
import { purchaseOrderSchema } from "../../schemas/purchase_order.js";
import { purchaseOrderColumns, purchaseOrderLines, purchaseOrderRelations, purchaseOrderServerFields, purchaseOrderStatuses } from "../purchase_orders.js";

export const purchaseOrderViewBase = {
  table: "purchase_orders",
  schema: purchaseOrderSchema,
  title: "number",
  statuses: purchaseOrderStatuses,
  columns: purchaseOrderColumns,
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description", "project_name"],
  serverFields: purchaseOrderServerFields,
  computed: ["currency"],
  relations: purchaseOrderRelations,
  lines: purchaseOrderLines,
} as const;
