import { defineResource } from "../src/framework/resource.js";
import { purchaseOrderViewBase } from "./shared/purchase_order_views.js";

/** Approved corporate-card purchase orders that have no card yet (vcard_id empty): cards to issue. */
export default defineResource({
  ...purchaseOrderViewBase,
  name: "po_requiring_vcards",
  baseFilter: { po_type: "corporate card", status: "ACTIVE", vcard_id_null: "true" },
  module: "virtual_cards_active",
  menu: { group: "cards", order: 5 },
  routes: { list: "/po_requiring_vcards" },
  permissions: { list: ["PORequiringVCards"], show: ["PORequiringVCards"] },
});
