import { defineResource } from "../src/framework/resource.js";
import { exchangeRateSchema } from "../schemas/exchange_rate.js";

/**
 * The company's dated exchange rates (docs/currency.md): entered here or imported from a CSV through
 * the generic bulk import. The spec names no key for them: the company-settings keys (as punchout
 * suppliers and the company itself) write them, the administration keys read them.
 */
export default defineResource({
  name: "exchange_rates",
  schema: exchangeRateSchema,
  title: "currency_code",
  menu: { group: "admin", order: 6 },
  routes: { list: "/exchange_rates", show: "/exchange_rates/:exchangeRateID", create: "/exchange_rates/new", edit: "/exchange_rates/:exchangeRateID/edit" },
  permissions: {
    list: ["listAdministrations", "readSettings"],
    show: ["readAdministrations", "readSettings"],
    create: ["allowCompanySettings"],
    edit: ["allowCompanySettings"],
    delete: ["allowCompanySettings"],
  },
  columns: [
    { field: "currency_code", link: "show", filterable: true },
    { field: "rate_date", kind: "date", filterable: true },
    { field: "rate", kind: "number", filterable: true },
  ],
  defaultSort: { field: "rate_date", order: "desc" },
  search: ["currency_code"],
  indexes: ["currency_code", "rate_date"],
  rowActions: [
    { action: "edit", permission: ["allowCompanySettings"] },
    { action: "delete", permission: ["allowCompanySettings"], confirm: "confirm.deleteExchangeRate" },
  ],
});
