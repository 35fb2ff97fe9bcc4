import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderSchema } from "../schemas/purchase_order.js";
import { purchaseOrderColumns, purchaseOrderRelations, purchaseOrderServerFields, purchaseOrderStatuses } from "./purchase_orders.js";

/** Approved corporate-card purchase orders that have no card yet (vcard_id empty): cards to issue. */
export default defineResource({
  name: "po_requiring_vcards",
  table: "purchase_orders",
  baseFilter: { po_type: "corporate card", status: "ACTIVE", vcard_id_null: "true" },
  schema: purchaseOrderSchema,
  title: "number",
  module: "virtual_cards_active",
  menu: { group: "cards", order: 5 },
  routes: { list: "/po_requiring_vcards" },
  permissions: { list: ["PORequiringVCards"], show: ["PORequiringVCards"] },
  statuses: purchaseOrderStatuses,
  columns: purchaseOrderColumns,
  defaultSort: { field: "id", order: "desc" },
  search: ["number", "description", "project_name"],
  serverFields: purchaseOrderServerFields,
  computed: ["currency"],
  relations: purchaseOrderRelations,
});
