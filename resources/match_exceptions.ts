import { defineResource } from "../src/framework/resource.js";
import { matchExceptionSchema } from "../schemas/match_exception.js";

/**
 * Matching exceptions of invoices, kept by the server (src/server/domain/purchasing/invoice-matching.ts):
 * shown on their invoice, overridden there with a comment (the invoice's override_exceptions action).
 */
export default defineResource({
  name: "match_exceptions",
  schema: matchExceptionSchema,
  title: "message",
  module: "invoices_active",
  menu: false,
  routes: {},
  permissions: { list: ["listInvoices"], show: ["readInvoices"] },
  statuses: {
    field: "status",
    values: [
      { code: "OPEN", color: "red" },
      { code: "OVERRIDDEN", color: "orange" },
    ],
  },
  columns: [
    { field: "line", kind: "number" },
    { field: "kind", kind: "enum" },
    { field: "message" },
    { field: "status", kind: "status" },
    { field: "override_comment" },
  ],
  defaultSort: { field: "id", order: "asc" },
  indexes: ["invoice_id", ["invoice_id", "status"]],
  relations: {
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number"] },
    overridden_by: { kind: "belongsTo", resource: "users", foreignKey: "overridden_by_id", fields: ["id", "email"] },
  },
});
