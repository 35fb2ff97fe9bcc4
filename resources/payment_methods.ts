import { defineResource } from "../src/framework/resource.js";
import { paymentMethodSchema } from "../schemas/payment_method.js";
import { deactivation } from "./shared/status_actions.js";

/** what a payment to the method pays into: a change of any of them is a new destination for the money */
export const bankDetailFields = ["payment_type", "account_name", "account_number", "routing", "account_type", "bank_name", "iban", "bic",
  "currency_code", "country", "address1", "city", "state", "zipcode"] as const;

/**
 * Payment methods: where a payment goes (a vendor's or an employee contact's account, or a check
 * address) or comes from (the company's originating accounts, with their NACHA header fields).
 * The account number is write-only (stored, never sent back, filtered or audited): responses carry account_number_masked.
 * Routing numbers (ABA) and IBANs (ISO 13616) are checked on every write (domain/payments/payment-methods.ts).
 */
export default defineResource({
  name: "payment_methods",
  schema: paymentMethodSchema,
  title: "name",
  module: "payments_active",
  menu: { group: "payments", order: 8 },
  routes: {
    list: "/payment_methods",
    show: "/payment_methods/:paymentMethodID",
    create: "/payment_methods/new",
    edit: "/payment_methods/:paymentMethodID/edit",
    views: [{ path: "/payment_methods", params: { vendorName: "vendor.name_like" } }],
  },
  permissions: {
    list: ["listPaymentMethods"],
    show: ["readPaymentMethods"],
    create: ["addPaymentMethods"],
    edit: ["editPaymentMethods"],
    delete: ["deletePaymentMethods"],
  },
  statuses: {
    field: "status",
    values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }, { code: "PENDING", color: "gold" }, { code: "N/A", color: "default" }],
  },
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "owner_type", kind: "enum", filterable: true },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "payment_type", kind: "enum", filterable: true },
    { field: "bank_name", filterable: true },
    { field: "account_number_masked", sortable: false },
    { field: "currency_code", filterable: true },
    { field: "is_default", kind: "boolean", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["name", "account_name", "bank_name"],
  indexes: [["owner_type", "vendor_id"], "contact_id", "status", "name", "payment_type", "bank_name"],
  computed: ["account_number_masked"],
  relations: {
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    contact: { kind: "belongsTo", resource: "contacts", foreignKey: "contact_id", fields: ["id", "first_name", "last_name"] },
  },
  recordActions: [
    // the company's own accounts are switched on at once; a vendor's or employee's goes through the
    // Vendor workflow again (its details may be the ones an approver refused)
    { name: "activate", kind: "post", label: "statusActions.activate", permission: ["editPaymentMethods"], when: { status: "INACTIVE", owner_type: "Company" }, to: "ACTIVE" },
    { name: "reactivate", kind: "post", label: "statusActions.activate", permission: ["editPaymentMethods"], when: { status: "INACTIVE", owner_type: ["Vendor", "Contact"] }, to: "PENDING" },
    deactivation(["editPaymentMethods"]),
  ],
  // the vendor's own methods (docs/portal.md "Self-service"): masked, with their approval status; never the company's accounts
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: ["name", "payment_type", "account_name", "bank_name", "account_number_masked", "account_type", "currency_code", "is_default", "status", "created_at"],
    // new bank details (a US account paid by ACH): a PENDING method approved through the Vendor workflow
    // before any payment goes to it (domain/payments/vendor-bank-changes.ts)
    recordActions: [
      {
        name: "propose", label: "portal.changeBankDetails", collection: true, idempotent: true,
        input: {
          type: "object", additionalProperties: false, required: ["account_name", "routing", "account_number"],
          properties: {
            account_name: { type: "string", minLength: 1, maxLength: 200 },
            bank_name: { type: "string", maxLength: 200 },
            routing: { type: "string", pattern: "^\\d{9}$" },
            account_number: { type: "string", pattern: paymentMethodSchema.properties.account_number.pattern },
            account_type: paymentMethodSchema.properties.account_type,
          },
        },
      },
    ],
  },
  rowActions: [
    { action: "edit", permission: ["editPaymentMethods"] },
    { action: "delete", permission: ["deletePaymentMethods"], confirm: "confirm.deletePaymentMethod" },
  ],
  // new or changed bank details go through the company's Vendor workflows: whoever approves who gets paid approves where the money goes
  approval: {
    type: "PaymentMethod",
    workflowType: "Vendor",
    statuses: { pending: "PENDING", rejected: "INACTIVE", approved: ["ACTIVE"] },
    restartOn: bankDetailFields,
    reapprove: { fields: bankDetailFields, statuses: ["ACTIVE"] },
  },
});
