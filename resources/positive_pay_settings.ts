import { defineResource } from "../src/framework/resource.js";
import { positivePaySettingSchema } from "../schemas/positive_pay_setting.js";

/**
 * Positive-pay layouts, one per originating account (issue 31): set up by who sets up the company's
 * bank accounts; the file itself is GET /api/positive_pay (domain/payments/bank-files/positive-pay.ts).
 */
export default defineResource({
  name: "positive_pay_settings",
  schema: positivePaySettingSchema,
  title: "layout",
  module: "payments_active",
  menu: { group: "payments", order: 7 },
  routes: { list: "/positive_pay_settings", show: "/positive_pay_settings/:settingID", create: "/positive_pay_settings/new", edit: "/positive_pay_settings/:settingID/edit" },
  permissions: { list: ["listPaymentMethods"], show: ["readPaymentMethods"], create: ["addPaymentMethods"], edit: ["editPaymentMethods"], delete: ["deletePaymentMethods"] },
  columns: [
    { field: "payment_method_from.name", link: "show" },
    { field: "layout", kind: "enum", filterable: true },
    { field: "deliver_on_processing", kind: "boolean" },
    { field: "sftp_host" },
    { field: "last_delivered_at", kind: "datetime" },
    { field: "last_delivery_error", hidden: true },
  ],
  defaultSort: { field: "id", order: "asc" },
  indexes: ["layout"],
  serverFields: ["last_delivered_at", "last_delivery_error"],
  relations: {
    payment_method_from: { kind: "belongsTo", resource: "payment_methods", foreignKey: "payment_method_from_id", fields: ["id", "name"] },
  },
});
