import { defineResource } from "../src/framework/resource.js";
import { messageSchema } from "../schemas/message.js";

/**
 * Messages to vendors (spec /messages?vendorID). The server fills the sender, the recipient (the
 * vendor's e-mail unless given) and the token of the /private/{messageToken} link; the status follows
 * delivery (sent, delivered, opened …) and is not edited by hand.
 */
export default defineResource({
  name: "messages",
  schema: messageSchema,
  title: "subject",
  module: "vendors_active",
  menu: { group: "vendors", order: 5 },
  routes: {
    list: "/messages",
    show: "/messages/:messageID",
    create: "/messages/new",
    views: [{ path: "/messages", params: { vendorID: "vendor_id" } }],
  },
  permissions: {
    list: ["listVendors", "readVendors"],
    show: ["readVendors"],
    create: ["editVendors"],
  },
  statuses: {
    field: "status",
    values: [
      { code: "not sent", color: "default" },
      { code: "sent", color: "blue" },
      { code: "delivered", color: "cyan" },
      { code: "opened", color: "green" },
      { code: "withheld", color: "gold" },
      { code: "bounced", color: "red" },
    ],
  },
  columns: [
    { field: "subject", link: "show", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "to_email", filterable: true },
    { field: "sent_at", kind: "datetime", filterable: true },
    { field: "from_contact.last_name", hidden: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["subject", "to_email"],
  indexes: ["vendor_id", "status", "sent_at"],
  serverFields: ["status", "sent_at", "token", "from_contact_id"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    from_contact: { kind: "belongsTo", resource: "contacts", foreignKey: "from_contact_id", fields: ["id", "first_name", "last_name", "email"] },
    // the vendor's answers through the message's link (message_replies)
    replies: { kind: "hasMany", resource: "message_replies", foreignKey: "message_id", fields: ["id", "from_email", "body", "created_at"] },
  },
});
