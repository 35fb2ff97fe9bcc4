import { defineResource } from "../src/framework/resource.js";
import { poItemSchema } from "../schemas/po_item.js";

export default defineResource({
  name: "po_items",
  schema: poItemSchema,
  title: "description",
  module: "purchase_orders_active",
  menu: false,
  routes: {},
  permissions: {
    list: ["listPurchaseOrders"],
    show: ["readPurchaseOrders"],
    create: ["addPurchaseOrders", "editPurchaseOrders", "requestPurchaseOrders"],
    edit: ["editPurchaseOrders"],
    delete: ["editPurchaseOrders"],
  },
  columns: [
    { field: "line", kind: "number" },
    { field: "description" },
    { field: "quantity", kind: "number" },
    { field: "unit_price", kind: "money" },
    { field: "amount", kind: "money" },
    { field: "qty_received", kind: "number" },
    { field: "qty_billed", kind: "number" },
    { field: "qty_balance", kind: "number" },
    { field: "qty_to_receive", kind: "number" },
  ],
  defaultSort: { field: "line", order: "asc" },
  indexes: ["purchase_order_id"],
  serverFields: ["amount", "qty_received", "qty_billed"],
  computed: ["qty_balance", "qty_to_receive"],
  relations: {
    purchase_order: { kind: "belongsTo", resource: "purchase_orders", foreignKey: "purchase_order_id", fields: ["id", "number"] },
    catalogue_item: { kind: "belongsTo", resource: "catalogue_items", foreignKey: "catalogue_item_id", fields: ["id", "display_name"] },
  },
  // the vendor sees the lines of the orders the portal shows it (docs/portal.md): what is ordered, at what price, and received
  portal: {
    scope: "purchase_order.vendor_id",
    actions: ["list"],
    fields: ["line", "description", "quantity", "unit_price", "amount", "qty_received", "purchase_order_id"],
  },
});
