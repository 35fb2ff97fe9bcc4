import { defineResource } from "../src/framework/resource.js";
import { checkSchema } from "../schemas/check.js";
import { paymentTransitionPermission } from "./payments.js";

/**
 * The check register (issue 31): every check number issued on check stock, ISSUED or VOID. Rows are
 * written by the server (run processing, printing, reprint, void: domain/payments/bank-files/checks.ts),
 * never typed in. Reprint voids the check and issues the payment a new number; void voids the check
 * and its payment (invoices reopened). Positive pay lists these rows.
 */
export default defineResource({
  name: "checks",
  schema: checkSchema,
  title: "check_number",
  module: "payments_active",
  menu: { group: "payments", order: 6 },
  routes: { list: "/checks", show: "/checks/:checkID" },
  permissions: { list: ["listPayments"], show: ["readPayments"] },
  statuses: { field: "status", values: [{ code: "ISSUED", color: "green" }, { code: "VOID", color: "default" }] },
  columns: [
    { field: "check_number", link: "show", filterable: true },
    { field: "issue_date", kind: "date", filterable: true },
    { field: "payee_name", filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "payment.payment_number", link: "show", linkResource: "payments", linkIdField: "payment_id", filterable: true },
    { field: "payment_method_from.name", filterable: true },
    { field: "status", kind: "status", filterable: true },
    { field: "void_date", kind: "date", filterable: true },
    { field: "void_reason", hidden: true },
  ],
  defaultSort: { field: "check_number", order: "desc" },
  search: ["payee_name"],
  indexes: ["check_number", "issue_date", "void_date", "status", "payment_id", "payment_method_from_id", "amount", "payee_name"],
  relations: {
    payment: { kind: "belongsTo", resource: "payments", foreignKey: "payment_id", fields: ["id", "payment_number", "status"] },
    payment_method_from: { kind: "belongsTo", resource: "payment_methods", foreignKey: "payment_method_from_id", fields: ["id", "name"] },
  },
  recordActions: [
    { name: "check.pdf", kind: "download", label: "paymentActions.check", permission: ["readPayments"], when: { status: "ISSUED" } },
    { name: "reprint", kind: "post", label: "checkActions.reprint", permission: paymentTransitionPermission, when: { status: "ISSUED" }, confirm: "confirm.reprintCheck", idempotent: true },
    { name: "void", kind: "post", label: "checkActions.void", permission: paymentTransitionPermission, when: { status: "ISSUED" }, confirm: "confirm.voidCheck", danger: true, idempotent: true },
  ],
});
