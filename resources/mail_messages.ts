import { defineResource } from "../src/framework/resource.js";
import { mailMessageSchema } from "../schemas/mail_message.js";

/**
 * The e-mail the server sent or stored (src/server/mail/), read-only: administrators read it like
 * the audit log. Without SMTP_URL this is where messages such as approval requests can be read.
 */
export default defineResource({
  name: "mail_messages",
  schema: mailMessageSchema,
  title: "subject",
  menu: { group: "admin", order: 12 },
  routes: { list: "/mail_messages", show: "/mail_messages/:mailMessageID" },
  permissions: {
    list: ["listAdministrations", "activitiesAdministrations"],
    show: ["listAdministrations", "activitiesAdministrations"],
  },
  statuses: {
    field: "status",
    values: [
      { code: "pending", color: "gold" },
      { code: "sending", color: "orange" },
      { code: "stored", color: "blue" },
      { code: "sent", color: "green" },
      { code: "failed", color: "red" },
    ],
  },
  columns: [
    { field: "created_at", kind: "datetime", filterable: true },
    { field: "to", filterable: true },
    { field: "subject", link: "show", filterable: true },
    { field: "status", kind: "status", filterable: true },
    { field: "sent_at", kind: "datetime", hidden: true, filterable: true },
    { field: "related_type", hidden: true, filterable: true },
    { field: "related_id", kind: "number", hidden: true, filterable: true },
    { field: "attempts", kind: "number", hidden: true, filterable: true },
    { field: "next_attempt_at", kind: "datetime", hidden: true, filterable: true },
    { field: "error", hidden: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["to", "subject"],
  indexes: ["created_at", "status", ["related_type", "related_id"]],
});
