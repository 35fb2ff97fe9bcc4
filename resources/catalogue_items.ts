import { defineResource } from "../src/framework/resource.js";
import { catalogueItemSchema } from "../schemas/catalogue_item.js";
import { activation } from "./shared/status_actions.js";

/**
 * The purchasing catalogue: items come from the ERP, an import or are entered here; a purchase-order
 * line may name an ACTIVE one (po_items.catalogue_item_id). The spec names listCatalogueItems,
 * readCatalogueItems and deleteCatalogueItems; addCatalogueItems and editCatalogueItems (create, edit,
 * deactivate and activate again) are ours.
 */
export default defineResource({
  name: "catalogue_items",
  schema: catalogueItemSchema,
  title: "display_name",
  module: "purchase_orders_active",
  menu: { group: "purchasing", order: 5 },
  routes: { list: "/catalogue_items", show: "/catalogue_items/:catalogueItemID", create: "/catalogue_items/new", edit: "/catalogue_items/:catalogueItemID/edit" },
  permissions: {
    list: ["listCatalogueItems"],
    show: ["readCatalogueItems"],
    create: ["addCatalogueItems"],
    edit: ["editCatalogueItems"],
    delete: ["deleteCatalogueItems"],
  },
  statuses: {
    field: "status",
    values: [
      { code: "ACTIVE", color: "green" },
      { code: "INACTIVE", color: "default" },
    ],
  },
  columns: [
    { field: "display_name", link: "show", filterable: true },
    { field: "name", filterable: true },
    { field: "external_id", hidden: true, filterable: true },
    { field: "item_type", kind: "enum", filterable: true },
    { field: "price", kind: "money", currency: "currency_code", filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "subsidiary_str", sortable: false, filterable: false },
    { field: "cogs_account_number", hidden: true, filterable: true },
    { field: "cost_category_name", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["name", "display_name", "external_id", "description"],
  indexes: ["display_name", "name", "external_id", "item_type", "status", "price"],
  computed: ["subsidiary_str"],
  relations: {
    subsidiaries: { kind: "refersMany", resource: "subsidiaries", localKey: "subsidiary_ids", fields: ["id", "name"] },
  },
  rowActions: [
    { action: "edit", permission: ["editCatalogueItems"] },
    { action: "delete", permission: ["deleteCatalogueItems"], confirm: "confirm.deleteCatalogueItem" },
  ],
  recordActions: activation(["editCatalogueItems"]),
});
