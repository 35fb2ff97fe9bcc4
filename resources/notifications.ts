import { defineResource } from "../src/framework/resource.js";
import { notificationSchema } from "../schemas/notification.js";

/**
 * The signed-in user's notifications (spec /notifications?redirect_on; redirect_on is the page to go
 * back to, not a filter). `owner` confines every request to the user's own rows. Only read_at may be
 * changed (mark as read / unread); the server creates notifications.
 */
export default defineResource({
  name: "notifications",
  schema: notificationSchema,
  title: "title",
  owner: "user_id",
  menu: false,
  routes: { list: "/notifications", show: "/notifications/:notificationID" },
  permissions: { list: [], show: [], edit: [], delete: [] },
  columns: [
    { field: "title", link: "show", filterable: true },
    { field: "kind", kind: "enum", filterable: true },
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "read_at", kind: "datetime", filterable: true },
    { field: "body", hidden: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["title", "body"],
  indexes: [["user_id", "read_at"], "created_at"],
  serverFields: ["user_id"],
  computed: ["unread"],
  rowActions: [{ action: "delete", permission: [], confirm: "confirm.deleteNotification" }],
});
