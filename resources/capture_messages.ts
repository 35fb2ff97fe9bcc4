import { defineResource } from "../src/framework/resource.js";
import { captureMessageSchema } from "../schemas/capture_message.js";

/** E-mails received for invoice capture, each taken once, with what came of it (docs/capture.md). */
export default defineResource({
  name: "capture_messages",
  schema: captureMessageSchema,
  title: "mail_subject",
  module: "invoices_active",
  menu: { group: "payables", order: 5 },
  routes: { list: "/capture_messages", show: "/capture_messages/:captureMessageID" },
  permissions: { list: ["listInvoiceInbox", "listDraftInbox"], show: ["listInvoiceInbox", "listDraftInbox"] },
  serverFields: ["message_id", "source", "mail_from", "mail_subject", "received_at", "outcome", "reason", "attachments"],
  columns: [
    { field: "mail_subject", link: "show", filterable: true },
    { field: "mail_from", filterable: true },
    { field: "outcome", kind: "enum", filterable: true },
    { field: "attachments" },
    { field: "reason" },
    { field: "received_at", kind: "datetime", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["mail_subject", "mail_from"],
  indexes: ["outcome"],
});
