import { defineResource } from "../src/framework/resource.js";
import { activitySchema } from "../schemas/activity.js";

/**
 * The audit log, read-only: every create, update and destroy through the API writes one row (see
 * src/server/resources/write.ts). item_type is the resource name (invoices, vendors, …);
 * user_email and item_title are added on read.
 */
export default defineResource({
  name: "activities",
  schema: activitySchema,
  title: "item_type",
  menu: { group: "admin", order: 11 },
  routes: { list: "/activities", show: "/activities/:activityID" },
  permissions: {
    list: ["listAdministrations", "activitiesAdministrations"],
    show: ["listAdministrations", "activitiesAdministrations"],
  },
  columns: [
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "event", kind: "enum", filterable: true },
    { field: "item_type", kind: "resource", filterable: true },
    { field: "item_id", kind: "number", hidden: true, filterable: true },
    { field: "item_title", link: "show", sortable: false },
    { field: "user_name", sortable: false },
    { field: "user_email", hidden: true, sortable: false },
    { field: "user_id", kind: "number", hidden: true, filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["item_type"],
  // the first index is the one the init migration made for the audit table
  indexes: [["item_type", "item_id"], "event", "created_at", "user_id"],
  computed: ["user_email", "user_name", "item_title"],
});
