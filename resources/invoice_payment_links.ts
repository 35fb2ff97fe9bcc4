import { defineResource } from "../src/framework/resource.js";
import { invoicePaymentLinkSchema } from "../schemas/invoice_payment_link.js";

/**
 * Which payment (or vendor credit) settles how much of which invoice. Written by the payment engine
 * (pay-bills, payment runs, credit application), read here. A link's payment_id names either a
 * payment or a vendor credit: one of `payment` / `vendor_credit` is embedded.
 */
export default defineResource({
  name: "invoice_payment_links",
  schema: invoicePaymentLinkSchema,
  title: "id",
  module: "payments_active",
  menu: { group: "payments", order: 9 },
  routes: { list: "/invoice_payment_links" },
  permissions: {
    list: ["listPayments", "paymentLinksToInvoices"],
    show: ["listPayments", "paymentLinksToInvoices"],
  },
  columns: [
    { field: "invoice.number", link: "show", linkResource: "invoices", linkIdField: "invoice_id", filterable: true },
    { field: "invoice.currency_code", hidden: true },
    { field: "payment.payment_number", link: "show", linkResource: "payments", linkIdField: "payment_id", filterable: true },
    { field: "vendor_credit.payment_number", link: "show", linkResource: "vendor_credits", linkIdField: "payment_id", filterable: true },
    { field: "payment.payment_date", kind: "date", sortable: false },
    { field: "amount", kind: "money", currency: "invoice.currency_code", total: true, filterable: true },
    { field: "created_at", kind: "datetime", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  indexes: ["invoice_id", "payment_id", "created_at"],
  relations: {
    invoice: { kind: "belongsTo", resource: "invoices", foreignKey: "invoice_id", fields: ["id", "number", "date", "amount", "vendor_id", "currency_code", "status"] },
    payment: { kind: "belongsTo", resource: "payments", foreignKey: "payment_id", fields: ["id", "payment_number", "payment_date", "status"] },
    vendor_credit: { kind: "belongsTo", resource: "vendor_credits", foreignKey: "payment_id", fields: ["id", "payment_number", "payment_date", "status"] },
  },
  // the vendor's remittance (docs/portal.md): how much each payment or credit settled of which of its invoices; the
  // links of the invoices the portal shows it, never anything of the purchaser's side (bank accounts, runs, approvals)
  portal: {
    scope: "invoice.vendor_id",
    actions: ["list"],
    fields: [
      "invoice_id", "payment_id", "amount", "invoice.number", "invoice.date", "invoice.amount", "invoice.currency_code",
      "payment.payment_number", "payment.payment_date", "payment.status", "vendor_credit.payment_number", "vendor_credit.payment_date",
    ],
  },
});
