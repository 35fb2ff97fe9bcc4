import { defineResource } from "../src/framework/resource.js";
import { messageReplySchema } from "../schemas/message_reply.js";

/**
 * Vendors' answers to messages (src/server/domain/admin/message-replies.ts): written only through the
 * message's /private link, read by who may read messages, on the message and in this list.
 */
export default defineResource({
  name: "message_replies",
  schema: messageReplySchema,
  title: "id",
  module: "vendors_active",
  menu: false,
  routes: { list: "/message_replies" },
  permissions: { list: ["listVendors", "readVendors"], show: ["readVendors"] },
  columns: [
    { field: "message.subject", link: "show", linkResource: "messages", linkIdField: "message_id", filterable: true },
    { field: "from_email", filterable: true },
    { field: "body" },
    { field: "created_at", kind: "datetime", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["body", "from_email"],
  indexes: ["message_id", "created_at"],
  relations: {
    message: { kind: "belongsTo", resource: "messages", foreignKey: "message_id", fields: ["id", "subject", "vendor_id"] },
  },
});
